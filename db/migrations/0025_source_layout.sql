ALTER TABLE "source_lists" ADD COLUMN "links_found_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "source_lists" ADD COLUMN "no_links_since" timestamp with time zone;