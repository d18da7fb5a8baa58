CREATE TABLE "job_holds" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"job_name" text NOT NULL,
	"worker_id" text NOT NULL,
	"retry_count" integer NOT NULL,
	"held_since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_holds_worker_id_idx" ON "job_holds" USING btree ("worker_id");