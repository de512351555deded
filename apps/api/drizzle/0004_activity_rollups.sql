CREATE TABLE "active_user_counts" (
	"granularity" text NOT NULL,
	"period" date NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "active_user_counts_granularity_period_pk" PRIMARY KEY("granularity","period"),
	CONSTRAINT "active_user_counts_granularity_check" CHECK ("active_user_counts"."granularity" in ('day', 'month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "activity_user_countries" (
	"user_id" uuid NOT NULL,
	"country" text NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "activity_user_countries_user_id_country_pk" PRIMARY KEY("user_id","country")
);
--> statement-breakpoint
CREATE TABLE "activity_users" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country_last_active" (
	"day" date NOT NULL,
	"country" text NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "country_last_active_day_country_pk" PRIMARY KEY("day","country")
);
--> statement-breakpoint
CREATE TABLE "groups_created_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"groups" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_activity" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"country" text NOT NULL,
	CONSTRAINT "user_activity_user_id_day_country_pk" PRIMARY KEY("user_id","day","country"),
	CONSTRAINT "user_activity_country_check" CHECK ("user_activity"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
DROP TABLE "user_activity_daily" CASCADE;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Analytics rollups kept on write (DESIGN §8 "Analytics"): user_activity is the raw activity, one
-- row per user, UTC day and country. A statement-level trigger reads each statement's new rows
-- (its transition table, so a bulk insert runs it once) and keeps exact:
--   active_user_counts   distinct users per day, month and year (a month is its distinct users,
--                        not the sum of its days);
--   country_last_active  per country, how many users were last active there on each day, so the
--                        users active in a country since a day is a sum over at most a few
--                        hundred rows;
--   activity_users, activity_user_countries  each user's last active day, overall and per country.
-- Rows are locked in key order (users, then counters), so concurrent statements do not deadlock.
CREATE FUNCTION user_activity_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- 1. One writer per user at a time: the upsert locks each user's row until the transaction
  --    ends. A concurrent statement for the same user waits here; when it goes on, its next
  --    statements see these rows, so a user's first row of a period is counted exactly once.
  INSERT INTO activity_users AS u (user_id, last_day)
    SELECT user_id, max(day) FROM new_rows GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET last_day = greatest(u.last_day, excluded.last_day);

  -- 2. A user counts in a day, month or year when every row of theirs in that period came with
  --    this statement (none was there before).
  WITH added AS (
    SELECT p.granularity, p.period, p.period_end, n.user_id, count(*) AS rows_added
    FROM new_rows AS n
    CROSS JOIN LATERAL (VALUES
      ('day', n.day, n.day + 1),
      ('month', date_trunc('month', n.day::timestamp)::date,
        (date_trunc('month', n.day::timestamp) + interval '1 month')::date),
      ('year', date_trunc('year', n.day::timestamp)::date,
        (date_trunc('year', n.day::timestamp) + interval '1 year')::date)
    ) AS p (granularity, period, period_end)
    GROUP BY 1, 2, 3, 4
  ), firsts AS (
    SELECT a.granularity, a.period FROM added AS a
    WHERE (
      SELECT count(*) FROM (
        SELECT 1 FROM user_activity AS r
        WHERE r.user_id = a.user_id AND r.day >= a.period AND r.day < a.period_end
        LIMIT a.rows_added + 1
      ) AS seen
    ) = a.rows_added
  )
  INSERT INTO active_user_counts AS c (granularity, period, users)
    SELECT granularity, period, count(*) FROM firsts GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (granularity, period) DO UPDATE SET users = c.users + excluded.users;

  -- 3. Per country, where each user was last active: a later day moves the user from the old
  --    day's count to the new one.
  WITH latest AS (
    SELECT user_id, country, max(day) AS day FROM new_rows GROUP BY 1, 2
  ), moved AS (
    SELECT l.user_id, l.country, l.day, k.last_day AS before
    FROM latest AS l
    LEFT JOIN activity_user_countries AS k ON k.user_id = l.user_id AND k.country = l.country
    WHERE k.last_day IS NULL OR k.last_day < l.day
  ), kept AS (
    INSERT INTO activity_user_countries AS k (user_id, country, last_day)
      SELECT user_id, country, day FROM moved ORDER BY user_id, country
    ON CONFLICT (user_id, country) DO UPDATE SET last_day = excluded.last_day
  ), deltas AS (
    SELECT day, country, 1 AS delta FROM moved
    UNION ALL
    SELECT before, country, -1 FROM moved WHERE before IS NOT NULL
  )
  INSERT INTO country_last_active AS c (day, country, users)
    SELECT day, country, sum(delta) FROM deltas GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
  ON CONFLICT (day, country) DO UPDATE SET users = c.users + excluded.users;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_activity_rollups AFTER INSERT ON "user_activity"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_activity_rollups();
--> statement-breakpoint
-- Activity is append-only: an update or delete would leave the rollups wrong, so it is refused.
-- Truncating it empties the rollups with it.
CREATE FUNCTION user_activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'user_activity is append-only: its analytics rollups are kept on insert';
END $$;
--> statement-breakpoint
CREATE TRIGGER user_activity_append_only BEFORE UPDATE OR DELETE ON "user_activity"
  FOR EACH STATEMENT EXECUTE FUNCTION user_activity_append_only();
--> statement-breakpoint
CREATE FUNCTION user_activity_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE activity_users, activity_user_countries, active_user_counts, country_last_active;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_activity_truncated AFTER TRUNCATE ON "user_activity"
  FOR EACH STATEMENT EXECUTE FUNCTION user_activity_truncated();
--> statement-breakpoint
-- Groups created per UTC day (the Groups graph), kept by statement-level triggers like
-- status_counts: a bulk insert updates each day once. Existing groups are counted first.
INSERT INTO groups_created_daily (day, groups)
  SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM groups GROUP BY 1;
--> statement-breakpoint
CREATE FUNCTION groups_created_daily_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO groups_created_daily AS g (day, groups)
    SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET groups = g.groups + excluded.groups;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION groups_created_daily_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO groups_created_daily AS g (day, groups)
    SELECT day, sum(delta) FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS delta FROM new_rows
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, -1 FROM old_rows
    ) AS changes
    GROUP BY day HAVING sum(delta) <> 0 ORDER BY day
  ON CONFLICT (day) DO UPDATE SET groups = g.groups + excluded.groups;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION groups_created_daily_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO groups_created_daily AS g (day, groups)
    SELECT (created_at AT TIME ZONE 'UTC')::date, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET groups = g.groups + excluded.groups;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION groups_created_daily_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM groups_created_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER groups_created_daily_insert AFTER INSERT ON "groups"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION groups_created_daily_after_insert();
--> statement-breakpoint
CREATE TRIGGER groups_created_daily_update AFTER UPDATE ON "groups"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION groups_created_daily_after_update();
--> statement-breakpoint
CREATE TRIGGER groups_created_daily_delete AFTER DELETE ON "groups"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION groups_created_daily_after_delete();
--> statement-breakpoint
CREATE TRIGGER groups_created_daily_truncate AFTER TRUNCATE ON "groups"
  FOR EACH STATEMENT EXECUTE FUNCTION groups_created_daily_after_truncate();
