CREATE TABLE "status_day_counts" (
	"entity" text NOT NULL,
	"status" text NOT NULL,
	"day" date NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "status_day_counts_entity_status_day_pk" PRIMARY KEY("entity","status","day")
);--> statement-breakpoint
-- The status counts' triggers (0002) keep status_day_counts too: per listed table, status and UTC day
-- of created_at. Counters are written in (status, day) order, after status_counts, so that
-- concurrent statements lock them in the same order. A day whose rows are all gone keeps n = 0.
CREATE OR REPLACE FUNCTION status_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO status_counts AS counts (entity, status, n)
    SELECT TG_TABLE_NAME, status, count(*) FROM new_rows GROUP BY status ORDER BY status
  ON CONFLICT (entity, status) DO UPDATE SET n = counts.n + excluded.n;
  INSERT INTO status_day_counts AS counts (entity, status, day, n)
    SELECT TG_TABLE_NAME, status, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM new_rows GROUP BY 2, 3 ORDER BY 2, 3
  ON CONFLICT (entity, status, day) DO UPDATE SET n = counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION status_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO status_counts AS counts (entity, status, n)
    SELECT TG_TABLE_NAME, status, sum(delta) FROM (
      SELECT status, 1 AS delta FROM new_rows
      UNION ALL
      SELECT status, -1 AS delta FROM old_rows
    ) AS changes
    GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
  ON CONFLICT (entity, status) DO UPDATE SET n = counts.n + excluded.n;
  INSERT INTO status_day_counts AS counts (entity, status, day, n)
    SELECT TG_TABLE_NAME, status, day, sum(delta) FROM (
      SELECT status, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS delta FROM new_rows
      UNION ALL
      SELECT status, (created_at AT TIME ZONE 'UTC')::date AS day, -1 AS delta FROM old_rows
    ) AS changes
    GROUP BY status, day HAVING sum(delta) <> 0 ORDER BY status, day
  ON CONFLICT (entity, status, day) DO UPDATE SET n = counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION status_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO status_counts AS counts (entity, status, n)
    SELECT TG_TABLE_NAME, status, -count(*) FROM old_rows GROUP BY status ORDER BY status
  ON CONFLICT (entity, status) DO UPDATE SET n = counts.n + excluded.n;
  INSERT INTO status_day_counts AS counts (entity, status, day, n)
    SELECT TG_TABLE_NAME, status, (created_at AT TIME ZONE 'UTC')::date, -count(*) FROM old_rows GROUP BY 2, 3 ORDER BY 2, 3
  ON CONFLICT (entity, status, day) DO UPDATE SET n = counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION status_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM status_counts WHERE entity = TG_TABLE_NAME;
  DELETE FROM status_day_counts WHERE entity = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The rows already there.
INSERT INTO status_day_counts (entity, status, day, n)
  SELECT 'users', status, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM "users" GROUP BY 2, 3
  UNION ALL SELECT 'cities', status, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM "cities" GROUP BY 2, 3
  UNION ALL SELECT 'explores', status, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM "explores" GROUP BY 2, 3
  UNION ALL SELECT 'cafes', status, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM "cafes" GROUP BY 2, 3
  UNION ALL SELECT 'shops', status, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM "shops" GROUP BY 2, 3
  UNION ALL SELECT 'rentals', status, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM "rentals" GROUP BY 2, 3
  UNION ALL SELECT 'jobs', status, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM "jobs" GROUP BY 2, 3
  UNION ALL SELECT 'promos', status, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM "promos" GROUP BY 2, 3
  UNION ALL SELECT 'reports', status, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM "reports" GROUP BY 2, 3
  UNION ALL SELECT 'contact_requests', status, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM "contact_requests" GROUP BY 2, 3
  UNION ALL SELECT 'groups', status, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM "groups" GROUP BY 2, 3;
