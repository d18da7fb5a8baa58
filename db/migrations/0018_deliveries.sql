CREATE TABLE "alert_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"secret" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_channels_kind_valid" CHECK ("alert_channels"."kind" in ('slack', 'webhook'))
);
--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"channel" text NOT NULL,
	"rule_ids" jsonb NOT NULL,
	"cadence" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"claim_token" uuid,
	"claimed_until" timestamp with time zone,
	"lost_claims" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_deliveries_state_valid" CHECK ("alert_deliveries"."state" in ('pending', 'sending', 'sent', 'failed', 'skipped')),
	CONSTRAINT "alert_deliveries_cadence_valid" CHECK ("alert_deliveries"."cadence" in ('immediate', 'hourly', 'daily', 'weekly', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "alert_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"html" text,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"preferences_unsubscribed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_arrivals" (
	"policy_id" integer PRIMARY KEY NOT NULL,
	"searchable_at" timestamp with time zone DEFAULT now() NOT NULL,
	"matched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_message_id_alert_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."alert_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_messages" ADD CONSTRAINT "alert_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_arrivals" ADD CONSTRAINT "policy_arrivals_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_channels_user_id_idx" ON "alert_channels" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_once_idx" ON "alert_deliveries" USING btree ("user_id","policy_id","channel");--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("due_at") WHERE "alert_deliveries"."state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "alert_deliveries_policy_id_idx" ON "alert_deliveries" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "alert_messages_sent_at_idx" ON "alert_messages" USING btree ("sent_at","id");--> statement-breakpoint
CREATE INDEX "policy_arrivals_unmatched_idx" ON "policy_arrivals" USING btree ("searchable_at") WHERE "policy_arrivals"."matched_at" is null;--> statement-breakpoint
-- The policies there are before alerts exist were searchable already: they are no news to anyone.
INSERT INTO "policy_arrivals" ("policy_id", "searchable_at", "matched_at") SELECT "id", now(), now() FROM "policies";