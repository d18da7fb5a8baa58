DROP INDEX "policies_untranslated_idx";--> statement-breakpoint
DROP INDEX "policies_published_on_idx";--> statement-breakpoint
DROP INDEX "policies_title_idx";--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "translation_status" text GENERATED ALWAYS AS (case when coalesce(btrim(english_translation), '') = '' then 'pending' when translation_reviewed_at is not null then 'reviewed' else 'machine' end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "policies_translation_status_idx" ON "policies" USING btree ("translation_status","published_on" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "policies_published_on_idx" ON "policies" USING btree ("published_on" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "policies_title_idx" ON "policies" USING btree ("title","id");