DROP INDEX "policies_published_on_idx";--> statement-breakpoint
DROP INDEX "policies_title_idx";--> statement-breakpoint
DROP INDEX "policies_untranslated_idx";--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "translated" boolean GENERATED ALWAYS AS (coalesce(btrim(english_translation), '') <> '') STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "policies_published_on_idx" ON "policies" USING btree ("published_on" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "policies_title_idx" ON "policies" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "policies_untranslated_idx" ON "policies" USING btree ("published_on" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "policies"."translated";