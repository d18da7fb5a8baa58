CREATE TABLE "search_index_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_index_state_one_row" CHECK ("search_index_state"."id")
);
--> statement-breakpoint
INSERT INTO "search_index_state" ("id") VALUES (true);
