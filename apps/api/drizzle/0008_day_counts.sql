CREATE TABLE "day_counts" (
	"entity" text NOT NULL,
	"day" date NOT NULL,
	"active" bigint DEFAULT 0 NOT NULL,
	"inactive" bigint DEFAULT 0 NOT NULL,
	"deleted" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "day_counts_entity_day_pk" PRIMARY KEY("entity","day")
);--> statement-breakpoint
-- The status counts' triggers (0002) keep day_counts too: per listed table and UTC day of created_at,
-- the rows in each status. Counters are written in day order, after status_counts, so that
-- concurrent statements lock them in the same order. A day whose rows are all gone keeps zeros.
CREATE OR REPLACE FUNCTION status_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO status_counts AS counts (entity, status, n)
    SELECT TG_TABLE_NAME, status, count(*) FROM new_rows GROUP BY status ORDER BY status
  ON CONFLICT (entity, status) DO UPDATE SET n = counts.n + excluded.n;
  INSERT INTO day_counts AS counts (entity, day, active, inactive, deleted)
    SELECT TG_TABLE_NAME, (created_at AT TIME ZONE 'UTC')::date,
      count(*) FILTER (WHERE status = 'ACTIVE'), count(*) FILTER (WHERE status = 'INACTIVE'),
      count(*) FILTER (WHERE status = 'DELETED')
    FROM new_rows GROUP BY 2 ORDER BY 2
  ON CONFLICT (entity, day) DO UPDATE SET active = counts.active + excluded.active,
    inactive = counts.inactive + excluded.inactive, deleted = counts.deleted + excluded.deleted;
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
  INSERT INTO day_counts AS counts (entity, day, active, inactive, deleted)
    SELECT TG_TABLE_NAME, day, active, inactive, deleted FROM (
      SELECT day,
        coalesce(sum(delta) FILTER (WHERE status = 'ACTIVE'), 0) AS active,
        coalesce(sum(delta) FILTER (WHERE status = 'INACTIVE'), 0) AS inactive,
        coalesce(sum(delta) FILTER (WHERE status = 'DELETED'), 0) AS deleted
      FROM (
        SELECT status, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS delta FROM new_rows
        UNION ALL
        SELECT status, (created_at AT TIME ZONE 'UTC')::date AS day, -1 AS delta FROM old_rows
      ) AS changes
      GROUP BY day
    ) AS days
    WHERE active <> 0 OR inactive <> 0 OR deleted <> 0
    ORDER BY day
  ON CONFLICT (entity, day) DO UPDATE SET active = counts.active + excluded.active,
    inactive = counts.inactive + excluded.inactive, deleted = counts.deleted + excluded.deleted;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION status_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO status_counts AS counts (entity, status, n)
    SELECT TG_TABLE_NAME, status, -count(*) FROM old_rows GROUP BY status ORDER BY status
  ON CONFLICT (entity, status) DO UPDATE SET n = counts.n + excluded.n;
  INSERT INTO day_counts AS counts (entity, day, active, inactive, deleted)
    SELECT TG_TABLE_NAME, (created_at AT TIME ZONE 'UTC')::date,
      -count(*) FILTER (WHERE status = 'ACTIVE'), -count(*) FILTER (WHERE status = 'INACTIVE'),
      -count(*) FILTER (WHERE status = 'DELETED')
    FROM old_rows GROUP BY 2 ORDER BY 2
  ON CONFLICT (entity, day) DO UPDATE SET active = counts.active + excluded.active,
    inactive = counts.inactive + excluded.inactive, deleted = counts.deleted + excluded.deleted;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION status_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM status_counts WHERE entity = TG_TABLE_NAME;
  DELETE FROM day_counts WHERE entity = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The rows already there.
INSERT INTO day_counts (entity, day, active, inactive, deleted)
  SELECT 'users', (created_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE status = 'ACTIVE'),
    count(*) FILTER (WHERE status = 'INACTIVE'), count(*) FILTER (WHERE status = 'DELETED') FROM "users" GROUP BY 2
  UNION ALL SELECT 'cities', (created_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE status = 'ACTIVE'),
    count(*) FILTER (WHERE status = 'INACTIVE'), count(*) FILTER (WHERE status = 'DELETED') FROM "cities" GROUP BY 2
  UNION ALL SELECT 'explores', (created_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE status = 'ACTIVE'),
    count(*) FILTER (WHERE status = 'INACTIVE'), count(*) FILTER (WHERE status = 'DELETED') FROM "explores" GROUP BY 2
  UNION ALL SELECT 'cafes', (created_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE status = 'ACTIVE'),
    count(*) FILTER (WHERE status = 'INACTIVE'), count(*) FILTER (WHERE status = 'DELETED') FROM "cafes" GROUP BY 2
  UNION ALL SELECT 'shops', (created_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE status = 'ACTIVE'),
    count(*) FILTER (WHERE status = 'INACTIVE'), count(*) FILTER (WHERE status = 'DELETED') FROM "shops" GROUP BY 2
  UNION ALL SELECT 'rentals', (created_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE status = 'ACTIVE'),
    count(*) FILTER (WHERE status = 'INACTIVE'), count(*) FILTER (WHERE status = 'DELETED') FROM "rentals" GROUP BY 2
  UNION ALL SELECT 'jobs', (created_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE status = 'ACTIVE'),
    count(*) FILTER (WHERE status = 'INACTIVE'), count(*) FILTER (WHERE status = 'DELETED') FROM "jobs" GROUP BY 2
  UNION ALL SELECT 'promos', (created_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE status = 'ACTIVE'),
    count(*) FILTER (WHERE status = 'INACTIVE'), count(*) FILTER (WHERE status = 'DELETED') FROM "promos" GROUP BY 2
  UNION ALL SELECT 'reports', (created_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE status = 'ACTIVE'),
    count(*) FILTER (WHERE status = 'INACTIVE'), count(*) FILTER (WHERE status = 'DELETED') FROM "reports" GROUP BY 2
  UNION ALL SELECT 'contact_requests', (created_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE status = 'ACTIVE'),
    count(*) FILTER (WHERE status = 'INACTIVE'), count(*) FILTER (WHERE status = 'DELETED') FROM "contact_requests" GROUP BY 2
  UNION ALL SELECT 'groups', (created_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE status = 'ACTIVE'),
    count(*) FILTER (WHERE status = 'INACTIVE'), count(*) FILTER (WHERE status = 'DELETED') FROM "groups" GROUP BY 2;
