CREATE TABLE "policy_tombstones" (
	"policy_id" integer PRIMARY KEY NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"purged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "policy_tombstones_purged_at_idx" ON "policy_tombstones" USING btree ("purged_at","policy_id");--> statement-breakpoint
CREATE INDEX "policies_updated_at_idx" ON "policies" USING btree ("updated_at","id");