CREATE TABLE "policy_versions" (
	"policy_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"source" text NOT NULL,
	"user_id" integer,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_versions_policy_id_version_pk" PRIMARY KEY("policy_id","version"),
	CONSTRAINT "policy_versions_source_valid" CHECK ("policy_versions"."source" in ('editor', 'reprocess', 'import', 'earlier'))
);
--> statement-breakpoint
DROP INDEX "policies_source_url_key";--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policies_deleted_at_idx" ON "policies" USING btree ("deleted_at") WHERE "policies"."deleted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "policies_source_url_key" ON "policies" USING btree ("source_url") WHERE "policies"."deleted_at" is null;