CREATE TABLE "search_rebuilds" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"phase" text,
	"documents_written" integer DEFAULT 0 NOT NULL,
	"documents_total" integer,
	"result" jsonb,
	"error" text,
	CONSTRAINT "search_rebuilds_status_valid" CHECK (status in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "search_rebuilds" ADD CONSTRAINT "search_rebuilds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_rebuilds_one_active_key" ON "search_rebuilds" USING btree ((true)) WHERE "search_rebuilds"."status" in ('queued', 'running');