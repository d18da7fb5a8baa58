ALTER TABLE "policies" ADD COLUMN "date_known" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "issuer_identified" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_stories" ADD COLUMN "import_job_id" integer;--> statement-breakpoint
ALTER TABLE "pending_stories" ADD COLUMN "published_on" date;--> statement-breakpoint
ALTER TABLE "pending_stories" ADD COLUMN "department_id" integer;--> statement-breakpoint
ALTER TABLE "pending_stories" ADD CONSTRAINT "pending_stories_import_job_id_import_jobs_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."import_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_stories" ADD CONSTRAINT "pending_stories_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_stories_import_job_id_idx" ON "pending_stories" USING btree ("import_job_id");