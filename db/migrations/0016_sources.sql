CREATE TABLE "source_lists" (
	"url" text PRIMARY KEY NOT NULL,
	"caught_up_at" timestamp with time zone,
	"read_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_pages" (
	"url" text PRIMARY KEY NOT NULL,
	"etag" text,
	"last_modified" text,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_code" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" integer,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"pages_fetched" integer DEFAULT 0 NOT NULL,
	"not_modified" integer DEFAULT 0 NOT NULL,
	"links_found" integer DEFAULT 0 NOT NULL,
	"new_stories" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "source_runs_trigger_valid" CHECK ("source_runs"."trigger" in ('scheduled', 'manual')),
	CONSTRAINT "source_runs_status_valid" CHECK ("source_runs"."status" in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "source_settings" (
	"code" text PRIMARY KEY NOT NULL,
	"enabled" boolean,
	"list_urls" jsonb,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "source_runs" ADD CONSTRAINT "source_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_settings" ADD CONSTRAINT "source_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "source_runs_one_active_key" ON "source_runs" USING btree ("source_code") WHERE "source_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "source_runs_source_code_id_idx" ON "source_runs" USING btree ("source_code","id");