CREATE TABLE "search_freshness" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"indexed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_freshness_indexed_at_idx" ON "search_freshness" USING btree ("indexed_at");