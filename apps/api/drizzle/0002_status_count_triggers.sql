-- Counts kept on write (DESIGN §6): status_counts holds, per listed table and status, how many rows
-- are in it. Statement-level triggers add up each statement's rows from its transition tables, so a
-- bulk insert costs one update per status, not one per row. Rows are counted in status order so
-- that concurrent statements lock the counters in the same order.
CREATE FUNCTION status_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO status_counts AS counts (entity, status, n)
    SELECT TG_TABLE_NAME, status, count(*) FROM new_rows GROUP BY status ORDER BY status
  ON CONFLICT (entity, status) DO UPDATE SET n = counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION status_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO status_counts AS counts (entity, status, n)
    SELECT TG_TABLE_NAME, status, sum(delta) FROM (
      SELECT status, 1 AS delta FROM new_rows
      UNION ALL
      SELECT status, -1 AS delta FROM old_rows
    ) AS changes
    GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
  ON CONFLICT (entity, status) DO UPDATE SET n = counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION status_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO status_counts AS counts (entity, status, n)
    SELECT TG_TABLE_NAME, status, -count(*) FROM old_rows GROUP BY status ORDER BY status
  ON CONFLICT (entity, status) DO UPDATE SET n = counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION status_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM status_counts WHERE entity = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_status_counts_insert AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER users_status_counts_update AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER users_status_counts_delete AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER cities_status_counts_insert AFTER INSERT ON "cities"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER cities_status_counts_update AFTER UPDATE ON "cities"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER cities_status_counts_delete AFTER DELETE ON "cities"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER explores_status_counts_insert AFTER INSERT ON "explores"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER explores_status_counts_update AFTER UPDATE ON "explores"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER explores_status_counts_delete AFTER DELETE ON "explores"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER cafes_status_counts_insert AFTER INSERT ON "cafes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER cafes_status_counts_update AFTER UPDATE ON "cafes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER cafes_status_counts_delete AFTER DELETE ON "cafes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER shops_status_counts_insert AFTER INSERT ON "shops"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER shops_status_counts_update AFTER UPDATE ON "shops"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER shops_status_counts_delete AFTER DELETE ON "shops"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER rentals_status_counts_insert AFTER INSERT ON "rentals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER rentals_status_counts_update AFTER UPDATE ON "rentals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER rentals_status_counts_delete AFTER DELETE ON "rentals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER jobs_status_counts_insert AFTER INSERT ON "jobs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER jobs_status_counts_update AFTER UPDATE ON "jobs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER jobs_status_counts_delete AFTER DELETE ON "jobs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER promos_status_counts_insert AFTER INSERT ON "promos"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER promos_status_counts_update AFTER UPDATE ON "promos"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER promos_status_counts_delete AFTER DELETE ON "promos"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER reports_status_counts_insert AFTER INSERT ON "reports"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER reports_status_counts_update AFTER UPDATE ON "reports"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER reports_status_counts_delete AFTER DELETE ON "reports"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER contact_requests_status_counts_insert AFTER INSERT ON "contact_requests"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER contact_requests_status_counts_update AFTER UPDATE ON "contact_requests"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER contact_requests_status_counts_delete AFTER DELETE ON "contact_requests"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER groups_status_counts_insert AFTER INSERT ON "groups"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER groups_status_counts_update AFTER UPDATE ON "groups"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER groups_status_counts_delete AFTER DELETE ON "groups"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER users_status_counts_truncate AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_truncate();
--> statement-breakpoint
CREATE TRIGGER cities_status_counts_truncate AFTER TRUNCATE ON "cities"
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_truncate();
--> statement-breakpoint
CREATE TRIGGER explores_status_counts_truncate AFTER TRUNCATE ON "explores"
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_truncate();
--> statement-breakpoint
CREATE TRIGGER cafes_status_counts_truncate AFTER TRUNCATE ON "cafes"
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_truncate();
--> statement-breakpoint
CREATE TRIGGER shops_status_counts_truncate AFTER TRUNCATE ON "shops"
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_truncate();
--> statement-breakpoint
CREATE TRIGGER rentals_status_counts_truncate AFTER TRUNCATE ON "rentals"
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_truncate();
--> statement-breakpoint
CREATE TRIGGER jobs_status_counts_truncate AFTER TRUNCATE ON "jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_truncate();
--> statement-breakpoint
CREATE TRIGGER promos_status_counts_truncate AFTER TRUNCATE ON "promos"
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_truncate();
--> statement-breakpoint
CREATE TRIGGER reports_status_counts_truncate AFTER TRUNCATE ON "reports"
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_truncate();
--> statement-breakpoint
CREATE TRIGGER contact_requests_status_counts_truncate AFTER TRUNCATE ON "contact_requests"
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_truncate();
--> statement-breakpoint
CREATE TRIGGER groups_status_counts_truncate AFTER TRUNCATE ON "groups"
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_after_truncate();
--> statement-breakpoint
-- The rows already there.
INSERT INTO status_counts (entity, status, n)
  SELECT 'users', status, count(*) FROM "users" GROUP BY status
  UNION ALL SELECT 'cities', status, count(*) FROM "cities" GROUP BY status
  UNION ALL SELECT 'explores', status, count(*) FROM "explores" GROUP BY status
  UNION ALL SELECT 'cafes', status, count(*) FROM "cafes" GROUP BY status
  UNION ALL SELECT 'shops', status, count(*) FROM "shops" GROUP BY status
  UNION ALL SELECT 'rentals', status, count(*) FROM "rentals" GROUP BY status
  UNION ALL SELECT 'jobs', status, count(*) FROM "jobs" GROUP BY status
  UNION ALL SELECT 'promos', status, count(*) FROM "promos" GROUP BY status
  UNION ALL SELECT 'reports', status, count(*) FROM "reports" GROUP BY status
  UNION ALL SELECT 'contact_requests', status, count(*) FROM "contact_requests" GROUP BY status
  UNION ALL SELECT 'groups', status, count(*) FROM "groups" GROUP BY status;
