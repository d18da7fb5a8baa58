ALTER TABLE "pending_stories" ADD COLUMN "producer" text;--> statement-breakpoint
ALTER TABLE "pending_stories" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "pending_stories" ADD COLUMN "fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_stories" ADD CONSTRAINT "pending_stories_producer_valid" CHECK ("pending_stories"."producer" in ('import', 'source'));--> statement-breakpoint
-- The content hash is the intake's (api/stories/intake.ts), computed once where duplicates are
-- told apart: the trigger of migration 0008 computed the same value a second time.
DROP TRIGGER "pending_stories_content_hash" ON "pending_stories";--> statement-breakpoint
DROP FUNCTION "pending_stories_content_hash"();
