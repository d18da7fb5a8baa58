CREATE TABLE "policy_citations" (
	"citing_policy_id" integer NOT NULL,
	"cited_title" text NOT NULL,
	"cited_policy_id" integer,
	CONSTRAINT "policy_citations_citing_policy_id_cited_title_pk" PRIMARY KEY("citing_policy_id","cited_title")
);
--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "importance_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "chinese_title" text;--> statement-breakpoint
ALTER TABLE "pending_stories" ADD COLUMN "analyser" text;--> statement-breakpoint
ALTER TABLE "pending_stories" ADD COLUMN "tokens" integer;--> statement-breakpoint
ALTER TABLE "pending_stories" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "policy_citations" ADD CONSTRAINT "policy_citations_citing_policy_id_policies_id_fk" FOREIGN KEY ("citing_policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_citations" ADD CONSTRAINT "policy_citations_cited_policy_id_policies_id_fk" FOREIGN KEY ("cited_policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_citations_cited_policy_id_idx" ON "policy_citations" USING btree ("cited_policy_id");--> statement-breakpoint
CREATE INDEX "policy_citations_cited_title_idx" ON "policy_citations" USING btree ("cited_title");--> statement-breakpoint
CREATE INDEX "policies_chinese_title_idx" ON "policies" USING btree ("chinese_title");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_stories_policy_id_key" ON "pending_stories" USING btree ("policy_id");