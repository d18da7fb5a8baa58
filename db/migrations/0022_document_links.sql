CREATE TABLE "policy_follows" (
	"user_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_follows_user_id_policy_id_pk" PRIMARY KEY("user_id","policy_id")
);
--> statement-breakpoint
CREATE TABLE "policy_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_policy_id" integer NOT NULL,
	"to_policy_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"origin" text NOT NULL,
	"evidence" text DEFAULT '' NOT NULL,
	"effective_on" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_links_kind_valid" CHECK ("policy_links"."kind" in ('amends', 'replaces', 'repeals', 'sameDocument')),
	CONSTRAINT "policy_links_state_valid" CHECK ("policy_links"."state" in ('confirmed', 'proposed', 'rejected')),
	CONSTRAINT "policy_links_origin_valid" CHECK ("policy_links"."origin" in ('text', 'title', 'editor')),
	CONSTRAINT "policy_links_not_self" CHECK ("policy_links"."from_policy_id" <> "policy_links"."to_policy_id")
);
--> statement-breakpoint
-- Hand-written IF NOT EXISTS: the content branch (issue 44) adds the same column; whichever runs second keeps it.
ALTER TABLE "policies" ADD COLUMN IF NOT EXISTS "document_number" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "effectiveness_status" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "effectiveness_since" date;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "effectiveness_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "effective_on" date;--> statement-breakpoint
ALTER TABLE "policy_follows" ADD CONSTRAINT "policy_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_follows" ADD CONSTRAINT "policy_follows_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_links" ADD CONSTRAINT "policy_links_from_policy_id_policies_id_fk" FOREIGN KEY ("from_policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_links" ADD CONSTRAINT "policy_links_to_policy_id_policies_id_fk" FOREIGN KEY ("to_policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_links" ADD CONSTRAINT "policy_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_follows_policy_id_idx" ON "policy_follows" USING btree ("policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_links_from_to_kind_key" ON "policy_links" USING btree ("from_policy_id","to_policy_id","kind");--> statement-breakpoint
CREATE INDEX "policy_links_to_policy_id_idx" ON "policy_links" USING btree ("to_policy_id");--> statement-breakpoint
CREATE INDEX "policy_links_proposed_idx" ON "policy_links" USING btree ("created_at") WHERE "policy_links"."state" = 'proposed';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "policies_document_number_idx" ON "policies" USING btree ("document_number");--> statement-breakpoint
CREATE INDEX "policies_not_yet_in_force_idx" ON "policies" USING btree ("effective_on") WHERE "policies"."effectiveness_status" = 'not_yet_in_force';--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_effectiveness_status_valid" CHECK ("policies"."effectiveness_status" in ('in_force', 'not_yet_in_force', 'amended', 'repealed', 'unknown'));