CREATE TABLE "story_other_sources" (
	"url" text PRIMARY KEY NOT NULL,
	"story_id" integer NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_signatures" (
	"story_id" integer PRIMARY KEY NOT NULL,
	"signature" "bytea",
	"bands" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"document_number" text,
	"comparable_title" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "source_runs" ADD COLUMN "known_from_other_site" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "story_other_sources" ADD CONSTRAINT "story_other_sources_story_id_pending_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."pending_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_signatures" ADD CONSTRAINT "story_signatures_story_id_pending_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."pending_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_other_sources_story_id_idx" ON "story_other_sources" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "story_signatures_bands_idx" ON "story_signatures" USING gin ("bands");--> statement-breakpoint
CREATE INDEX "story_signatures_document_number_idx" ON "story_signatures" USING btree ("document_number") WHERE "story_signatures"."document_number" is not null;