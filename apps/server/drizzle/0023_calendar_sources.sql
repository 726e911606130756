CREATE TABLE "calendar_busy_ranges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	CONSTRAINT "calendar_busy_ranges_order_check" CHECK ("calendar_busy_ranges"."end_at" > "calendar_busy_ranges"."start_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"block_all_day" boolean DEFAULT true NOT NULL,
	"block_everything" boolean DEFAULT false NOT NULL,
	"body" text,
	"etag" text,
	"last_modified" text,
	"events_read" integer,
	"expanded_until" timestamp with time zone,
	"expansion_key" text,
	"ranges_digest" text,
	"next_refresh_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error_code" text,
	"last_error_message" text,
	"failing_since" timestamp with time zone,
	"failure_mail_sent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_busy_ranges" ADD CONSTRAINT "calendar_busy_ranges_source_id_calendar_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."calendar_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_busy_ranges_time_idx" ON "calendar_busy_ranges" USING btree ("start_at","end_at");--> statement-breakpoint
CREATE INDEX "calendar_busy_ranges_source_idx" ON "calendar_busy_ranges" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "calendar_sources_due_idx" ON "calendar_sources" USING btree ("next_refresh_at");--> statement-breakpoint
-- Availability cache (decision 017): a calendar's busy ranges block slots like bookings, so every
-- statement that writes them notifies 'availability_changed' at commit, as 0003 does for bookings.
CREATE TRIGGER "calendar_busy_ranges_availability_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "calendar_busy_ranges" FOR EACH STATEMENT EXECUTE FUNCTION "notify_availability_changed"();
