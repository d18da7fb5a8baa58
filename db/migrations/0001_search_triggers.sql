-- Change capture for the search index. Every write to a table that feeds a policy's search
-- document enqueues that policy in search_outbox in the same transaction, and wakes the indexer
-- with a NOTIFY (delivered at commit, and merged with others in the same transaction). Triggers
-- are per statement with transition tables, so a 1,000-row insert costs one INSERT ... SELECT
-- into the outbox, not a thousand.

-- No write path can forget the stamp: `--verify` compares it with the indexed document.
CREATE FUNCTION policies_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_touch_updated_at BEFORE UPDATE ON policies
  FOR EACH ROW EXECUTE FUNCTION policies_touch_updated_at();
--> statement-breakpoint
CREATE FUNCTION search_outbox_enqueue_policies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO search_outbox (policy_id, operation) SELECT id, 'delete' FROM policies;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_outbox (policy_id, operation) SELECT id, 'delete' FROM old_rows;
  ELSE
    INSERT INTO search_outbox (policy_id, operation) SELECT id, 'upsert' FROM new_rows;
  END IF;
  IF FOUND THEN
    PERFORM pg_notify('search_outbox', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_search_outbox_insert AFTER INSERT ON policies
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_enqueue_policies();
--> statement-breakpoint
CREATE TRIGGER policies_search_outbox_update AFTER UPDATE ON policies
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_enqueue_policies();
--> statement-breakpoint
CREATE TRIGGER policies_search_outbox_delete AFTER DELETE ON policies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_enqueue_policies();
--> statement-breakpoint
-- TRUNCATE fires no row or DML statement triggers; before it runs, the ids are still there to enqueue.
CREATE TRIGGER policies_search_outbox_truncate BEFORE TRUNCATE ON policies
  FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_enqueue_policies();
--> statement-breakpoint

-- A tag is part of its policy: adding, changing or removing one stamps the policy, which enqueues
-- it through the policies trigger. A policy this transaction already wrote (its row version's
-- xmin is our transaction) is skipped: it is already enqueued and stamped now(), and skipping
-- spares the demo seeder and bulk loads a second write of every policy they insert (each write
-- of a policy row also rewrites its entries in the trigram index).
CREATE FUNCTION search_outbox_touch_tagged_policies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  policy_ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    policy_ids := ARRAY(SELECT DISTINCT policy_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    policy_ids := ARRAY(SELECT DISTINCT policy_id FROM old_rows);
  ELSE
    policy_ids := ARRAY(SELECT policy_id FROM new_rows UNION SELECT policy_id FROM old_rows);
  END IF;
  UPDATE policies SET updated_at = now()
  WHERE id = ANY (policy_ids) AND xmin <> pg_current_xact_id()::xid;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policy_industries_search_outbox_insert AFTER INSERT ON policy_industries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_touch_tagged_policies();
--> statement-breakpoint
CREATE TRIGGER policy_industries_search_outbox_update AFTER UPDATE ON policy_industries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_touch_tagged_policies();
--> statement-breakpoint
CREATE TRIGGER policy_industries_search_outbox_delete AFTER DELETE ON policy_industries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_touch_tagged_policies();
--> statement-breakpoint
CREATE TRIGGER policy_topics_search_outbox_insert AFTER INSERT ON policy_topics
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_touch_tagged_policies();
--> statement-breakpoint
CREATE TRIGGER policy_topics_search_outbox_update AFTER UPDATE ON policy_topics
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_touch_tagged_policies();
--> statement-breakpoint
CREATE TRIGGER policy_topics_search_outbox_delete AFTER DELETE ON policy_topics
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_touch_tagged_policies();
--> statement-breakpoint

-- A renamed department, industry or topic stamps every policy that shows it, which enqueues them
-- through the policies trigger. The stamp has to move with every change to a document: the
-- indexer detects a write it raced with by a changed stamp, and `--verify` finds stale documents
-- the same way. A stamp computed as the greatest of the related rows' updated_at would not do:
-- updated_at is the writing transaction's start time, so a policy edit that started before a
-- rename but committed after it would leave the greatest unchanged. Renames are rare admin
-- operations, so rewriting the affected policies is cheap enough. Only the columns a document
-- shows count: a new industry colour re-indexes nothing.
CREATE FUNCTION search_outbox_touch_referencing_policies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'departments' THEN
    UPDATE policies SET updated_at = now()
    WHERE department_id IN (
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.code, n.full_name) IS DISTINCT FROM (o.code, o.full_name));
  ELSIF TG_TABLE_NAME = 'industries' THEN
    UPDATE policies SET updated_at = now()
    WHERE id IN (
      SELECT pi.policy_id FROM policy_industries pi
      JOIN new_rows n ON n.id = pi.industry_id JOIN old_rows o ON o.id = n.id
      WHERE n.name IS DISTINCT FROM o.name);
  ELSE
    UPDATE policies SET updated_at = now()
    WHERE id IN (
      SELECT pt.policy_id FROM policy_topics pt
      JOIN new_rows n ON n.id = pt.topic_id JOIN old_rows o ON o.id = n.id
      WHERE (n.code, n.name_en) IS DISTINCT FROM (o.code, o.name_en));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER departments_search_outbox_update AFTER UPDATE ON departments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_touch_referencing_policies();
--> statement-breakpoint
CREATE TRIGGER industries_search_outbox_update AFTER UPDATE ON industries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_touch_referencing_policies();
--> statement-breakpoint
CREATE TRIGGER topics_search_outbox_update AFTER UPDATE ON topics
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_touch_referencing_policies();
