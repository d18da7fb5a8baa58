CREATE TABLE "daemon_heartbeats" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"activity" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "daemon_heartbeats_kind_last_seen_idx" ON "daemon_heartbeats" USING btree ("kind","last_seen_at");