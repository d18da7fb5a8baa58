CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "departments" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" varchar(10) NOT NULL,
	"full_name" text NOT NULL,
	"name_zh" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_code_not_blank" CHECK (btrim("departments"."code") <> '')
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"color" varchar(20) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"code" varchar(10) NOT NULL,
	"name_en" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"published_on" date NOT NULL,
	"impact" smallint DEFAULT 5 NOT NULL,
	"story_text" text,
	"chinese_original" text,
	"english_translation" text,
	"source_url" text,
	"full_content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policies_impact_range" CHECK ("policies"."impact" between 1 and 10),
	CONSTRAINT "policies_title_not_blank" CHECK (btrim("policies"."title") <> '')
);
--> statement-breakpoint
CREATE TABLE "policy_industries" (
	"policy_id" integer NOT NULL,
	"industry_id" integer NOT NULL,
	"impact_analysis" text,
	CONSTRAINT "policy_industries_policy_id_industry_id_pk" PRIMARY KEY("policy_id","industry_id")
);
--> statement-breakpoint
CREATE TABLE "policy_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"relevance" real DEFAULT 1 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"email" varchar(254),
	"phone" varchar(32),
	"frequency" text DEFAULT 'hourly' NOT NULL,
	"department_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"industry_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_frequency_valid" CHECK ("notification_preferences"."frequency" in ('hourly', 'daily', 'weekly', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(254) NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"company" varchar(200),
	"job_title" varchar(200),
	"role" text DEFAULT 'user' NOT NULL,
	"is_onboarded" boolean DEFAULT false NOT NULL,
	"stripe_customer_id" text,
	"magic_search_count" integer DEFAULT 0 NOT NULL,
	"magic_search_reset_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('user', 'editor', 'admin', 'super_admin')),
	CONSTRAINT "users_email_shape" CHECK ("users"."email" like '%_@_%')
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_name_not_blank" CHECK (btrim("collections"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "policy_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"collection_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "checkout_sessions_status_valid" CHECK ("checkout_sessions"."status" in ('open', 'complete', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"plan" text DEFAULT 'pro' NOT NULL,
	"status" text NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"trial_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_valid" CHECK ("subscriptions"."status" in ('active', 'trialing', 'inactive', 'canceled', 'unpaid', 'past_due', 'incomplete', 'incomplete_expired'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"subject" text,
	"ip" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_status_valid" CHECK ("import_jobs"."status" in ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "pending_stories" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"chinese_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"policy_id" integer,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_stories_status_valid" CHECK ("pending_stories"."status" in ('pending', 'processing', 'processed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "search_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"operation" text NOT NULL,
	"enqueued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_token" uuid,
	"claimed_until" timestamp with time zone,
	CONSTRAINT "search_outbox_operation_valid" CHECK ("search_outbox"."operation" in ('upsert', 'delete'))
);
--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_category_id_topic_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."topic_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_industries" ADD CONSTRAINT "policy_industries_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_industries" ADD CONSTRAINT "policy_industries_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_topics" ADD CONSTRAINT "policy_topics_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_topics" ADD CONSTRAINT "policy_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_collections" ADD CONSTRAINT "policy_collections_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_collections" ADD CONSTRAINT "policy_collections_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_stories" ADD CONSTRAINT "pending_stories_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departments_code_lower_key" ON "departments" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "industries_name_lower_key" ON "industries" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "topic_categories_name_lower_key" ON "topic_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "topics_code_lower_key" ON "topics" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "topics_category_id_idx" ON "topics" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "policies_published_on_idx" ON "policies" USING btree ("published_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "policies_title_idx" ON "policies" USING btree ("title");--> statement-breakpoint
CREATE INDEX "policies_department_id_idx" ON "policies" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "policies_title_trgm_idx" ON "policies" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policies_untranslated_idx" ON "policies" USING btree ("id") WHERE "policies"."english_translation" is null or btrim("policies"."english_translation") = '';--> statement-breakpoint
CREATE UNIQUE INDEX "policies_source_url_key" ON "policies" USING btree ("source_url");--> statement-breakpoint
CREATE INDEX "policy_industries_industry_id_idx" ON "policy_industries" USING btree ("industry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_topics_policy_topic_key" ON "policy_topics" USING btree ("policy_id","topic_id");--> statement-breakpoint
CREATE INDEX "policy_topics_topic_id_idx" ON "policy_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_stripe_customer_id_key" ON "users" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_user_name_lower_key" ON "collections" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "collections_user_id_idx" ON "collections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_collections_collection_policy_key" ON "policy_collections" USING btree ("collection_id","policy_id");--> statement-breakpoint
CREATE INDEX "policy_collections_policy_id_idx" ON "policy_collections" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_user_id_idx" ON "checkout_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_id_key" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_subscription_key" ON "subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_subject_idx" ON "audit_log" USING btree ("action","subject","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_ip_idx" ON "audit_log" USING btree ("action","ip","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_stories_url_key" ON "pending_stories" USING btree ("url");--> statement-breakpoint
CREATE INDEX "pending_stories_status_id_idx" ON "pending_stories" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "search_outbox_policy_id_idx" ON "search_outbox" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "search_outbox_claim_token_idx" ON "search_outbox" USING btree ("claim_token");