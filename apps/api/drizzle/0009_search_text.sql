DROP INDEX "cafes_search_idx";--> statement-breakpoint
DROP INDEX "cities_search_idx";--> statement-breakpoint
DROP INDEX "contact_requests_search_idx";--> statement-breakpoint
DROP INDEX "explores_search_idx";--> statement-breakpoint
DROP INDEX "groups_search_idx";--> statement-breakpoint
DROP INDEX "jobs_search_idx";--> statement-breakpoint
DROP INDEX "promos_search_idx";--> statement-breakpoint
DROP INDEX "rentals_search_idx";--> statement-breakpoint
DROP INDEX "reports_search_idx";--> statement-breakpoint
DROP INDEX "shops_search_idx";--> statement-breakpoint
DROP INDEX "users_search_idx";--> statement-breakpoint
ALTER TABLE "cafes" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || E'\x1f' || coalesce(address, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || E'\x1f' || coalesce(country_name, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(subject, '') || E'\x1f' || coalesce(description, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "explores" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(title, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(status_text, '') || E'\x1f' || coalesce(country, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(position, '') || E'\x1f' || coalesce(company, '') || E'\x1f' || coalesce(country, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || E'\x1f' || coalesce(description, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || E'\x1f' || coalesce(state, '') || E'\x1f' || coalesce(country, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(subject, '') || E'\x1f' || coalesce(description, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || E'\x1f' || coalesce(address, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(username, '') || E'\x1f' || coalesce(email, '') || E'\x1f' || coalesce(fullname, '') || E'\x1f' || coalesce(lastname, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "cafes_search_idx" ON "cafes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cities_search_idx" ON "cities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_requests_search_idx" ON "contact_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "explores_search_idx" ON "explores" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "groups_search_idx" ON "groups" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "promos_search_idx" ON "promos" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rentals_search_idx" ON "rentals" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reports_search_idx" ON "reports" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_search_idx" ON "shops" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The planner's statistics of the new column, so that searches are planned on them from the start.
ANALYZE "cafes", "cities", "contact_requests", "explores", "groups", "jobs", "promos", "rentals", "reports", "shops", "users";
