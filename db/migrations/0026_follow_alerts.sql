CREATE TABLE "follow_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"kind" text NOT NULL,
	"other_policy_id" integer,
	"status" text,
	"since" date,
	"transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fanned_out_at" timestamp with time zone,
	CONSTRAINT "follow_events_once_key" UNIQUE NULLS NOT DISTINCT("policy_id","kind","other_policy_id","status","since"),
	CONSTRAINT "follow_events_kind_valid" CHECK ("follow_events"."kind" in ('amendedBy', 'replacedBy', 'repealedBy', 'citedBy', 'status'))
);
--> statement-breakpoint
DROP INDEX "alert_deliveries_once_idx";--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "follow_event_id" integer;--> statement-breakpoint
ALTER TABLE "follow_events" ADD CONSTRAINT "follow_events_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_events" ADD CONSTRAINT "follow_events_other_policy_id_policies_id_fk" FOREIGN KEY ("other_policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_events_waiting_idx" ON "follow_events" USING btree ("id") WHERE "follow_events"."fanned_out_at" is null;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_follow_event_id_follow_events_id_fk" FOREIGN KEY ("follow_event_id") REFERENCES "public"."follow_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_follow_once_idx" ON "alert_deliveries" USING btree ("user_id","follow_event_id","channel") WHERE "alert_deliveries"."follow_event_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_once_idx" ON "alert_deliveries" USING btree ("user_id","policy_id","channel") WHERE "alert_deliveries"."follow_event_id" is null;--> statement-breakpoint
-- Hand-written: the triggers that record what followers are told about (decision 026), in the
-- transaction that writes the link or the status, so no write path (the intake, an import, an
-- editor's link, the hourly effectiveness job) can forget it. Per statement with transition tables,
-- and only for policies someone follows: a full pass over the corpus costs a join per statement.
CREATE FUNCTION follow_events_record_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO follow_events (policy_id, kind, other_policy_id, transaction_id)
    SELECT DISTINCT n.to_policy_id, CASE n.kind WHEN 'amends' THEN 'amendedBy' WHEN 'replaces' THEN 'replacedBy' ELSE 'repealedBy' END, n.from_policy_id, txid_current() FROM new_rows n
    WHERE n.state = 'confirmed' AND n.kind <> 'sameDocument'
      AND EXISTS (SELECT 1 FROM policy_follows f WHERE f.policy_id = n.to_policy_id)
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO follow_events (policy_id, kind, other_policy_id, transaction_id)
    SELECT DISTINCT n.to_policy_id, CASE n.kind WHEN 'amends' THEN 'amendedBy' WHEN 'replaces' THEN 'replacedBy' ELSE 'repealedBy' END, n.from_policy_id, txid_current() FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.state = 'confirmed' AND o.state <> 'confirmed' AND n.kind <> 'sameDocument'
      AND EXISTS (SELECT 1 FROM policy_follows f WHERE f.policy_id = n.to_policy_id)
    ON CONFLICT DO NOTHING;
  END IF;
  IF FOUND THEN
    PERFORM pg_notify('follow_events', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policy_links_follow_events_insert AFTER INSERT ON policy_links
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_events_record_links();
--> statement-breakpoint
CREATE TRIGGER policy_links_follow_events_update AFTER UPDATE ON policy_links
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_events_record_links();
--> statement-breakpoint
CREATE FUNCTION follow_events_record_citations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO follow_events (policy_id, kind, other_policy_id, transaction_id)
  SELECT DISTINCT n.cited_policy_id, 'citedBy', n.citing_policy_id, txid_current() FROM new_rows n
  WHERE n.cited_policy_id IS NOT NULL AND n.cited_policy_id <> n.citing_policy_id
    AND EXISTS (SELECT 1 FROM policy_follows f WHERE f.policy_id = n.cited_policy_id)
  ON CONFLICT DO NOTHING;
  IF FOUND THEN
    PERFORM pg_notify('follow_events', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update that resolves a waiting citation, and an insert of a resolved one, alike: an event already recorded stays one.
CREATE TRIGGER policy_citations_follow_events_insert AFTER INSERT ON policy_citations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_events_record_citations();
--> statement-breakpoint
CREATE TRIGGER policy_citations_follow_events_update AFTER UPDATE ON policy_citations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_events_record_citations();
--> statement-breakpoint
CREATE FUNCTION follow_events_record_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO follow_events (policy_id, kind, status, since, transaction_id)
  SELECT n.id, 'status', n.effectiveness_status, n.effectiveness_since, txid_current() FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.effectiveness_status IS DISTINCT FROM o.effectiveness_status
    AND EXISTS (SELECT 1 FROM policy_follows f WHERE f.policy_id = n.id)
  ON CONFLICT DO NOTHING;
  IF FOUND THEN
    PERFORM pg_notify('follow_events', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_follow_events_status AFTER UPDATE ON policies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_events_record_statuses();
