CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"latest_date" date NOT NULL,
	"weekdays" smallint[],
	"from_minute" smallint,
	"to_minute" smallint,
	"time_zone" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "waitlist_entries_state_check" CHECK ("waitlist_entries"."state" in ('active', 'booked', 'left', 'expired', 'removed')),
	CONSTRAINT "waitlist_entries_window_check" CHECK ("waitlist_entries"."from_minute" is null or "waitlist_entries"."to_minute" is null or "waitlist_entries"."to_minute" > "waitlist_entries"."from_minute")
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"token" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "waitlist_offers_state_check" CHECK ("waitlist_offers"."state" in ('open', 'accepted', 'declined', 'lapsed'))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_active_idx" ON "waitlist_entries" USING btree ("created_at") WHERE "waitlist_entries"."state" = 'active';--> statement-breakpoint
CREATE INDEX "waitlist_entries_client_idx" ON "waitlist_entries" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_active_per_service" ON "waitlist_entries" USING btree ("client_id","service_id") WHERE "waitlist_entries"."state" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_token_idx" ON "waitlist_offers" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_open_per_entry" ON "waitlist_offers" USING btree ("entry_id") WHERE "waitlist_offers"."state" = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_offers_entry_idx" ON "waitlist_offers" USING btree ("entry_id","start_at");--> statement-breakpoint
CREATE INDEX "waitlist_offers_open_idx" ON "waitlist_offers" USING btree ("expires_at") WHERE "waitlist_offers"."state" = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_offers_booking_idx" ON "waitlist_offers" USING btree ("booking_id");--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express it): no two open offers hold overlapping times, so two
-- runs of the offer job at once cannot offer one freed time twice.
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_no_overlap" EXCLUDE USING gist (tstzrange("start_at", "blocked_until", '[)') WITH &&) WHERE (state = 'open');--> statement-breakpoint
-- An open offer is busy time for availability: its writes notify 'availability_changed' at commit,
-- as 0003 does for bookings.
CREATE TRIGGER "waitlist_offers_availability_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "waitlist_offers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_availability_changed"();
