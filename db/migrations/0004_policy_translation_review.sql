ALTER TABLE "policies" ADD COLUMN "translation_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "translation_reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "edited_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_translation_reviewed_by_users_id_fk" FOREIGN KEY ("translation_reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_reviewed_translation_present" CHECK ("policies"."translation_reviewed_at" is null or btrim(coalesce("policies"."english_translation", '')) <> '');