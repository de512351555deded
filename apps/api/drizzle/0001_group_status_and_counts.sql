CREATE TABLE "status_counts" (
	"entity" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "status_counts_entity_status_pk" PRIMARY KEY("entity","status")
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "status" text GENERATED ALWAYS AS (case when deleted then 'DELETED' when active then 'ACTIVE' else 'INACTIVE' end) STORED NOT NULL;