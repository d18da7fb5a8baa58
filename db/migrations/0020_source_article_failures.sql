CREATE TABLE "source_article_failures" (
	"url" text PRIMARY KEY NOT NULL,
	"source_code" text NOT NULL,
	"attempts" integer NOT NULL,
	"last_status" integer,
	"last_reason" text NOT NULL,
	"first_failed_at" timestamp with time zone NOT NULL,
	"last_tried_at" timestamp with time zone NOT NULL,
	"next_try_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "source_article_failures_source_code_idx" ON "source_article_failures" USING btree ("source_code");