CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"day" date,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"file_name" text,
	"size_bytes" bigint,
	"error" text,
	"failure_mailed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "backup_runs_kind_check" CHECK ("backup_runs"."kind" in ('daily', 'manual')),
	CONSTRAINT "backup_runs_day_check" CHECK (("backup_runs"."kind" = 'daily') = ("backup_runs"."day" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_day_idx" ON "backup_runs" USING btree ("day");--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");