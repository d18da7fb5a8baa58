DROP INDEX "policies_untranslated_idx";--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "translated" boolean GENERATED ALWAYS AS (coalesce(btrim(english_translation), '') <> '') STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "policies_untranslated_idx" ON "policies" USING btree ("published_on" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "policies"."translated";