CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"reason" text,
	"status" text NOT NULL,
	"provider_reference" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_minor" > 0),
	CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"status" text NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"receipt_number" text,
	"note" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'refunded', 'partially_refunded', 'failed', 'cancelled')),
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('manual', 'stripe')),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount_minor" > 0 and "payments"."refunded_minor" between 0 and "payments"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_created_by_idx" ON "payment_refunds" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_idx" ON "payments" USING btree ("receipt_number") WHERE receipt_number is not null;--> statement-breakpoint
CREATE INDEX "payments_client_created_idx" ON "payments" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payments_provider_reference_idx" ON "payments" USING btree ("provider_reference") WHERE provider_reference is not null;--> statement-breakpoint
-- Bookings of paid services made before payments had records get theirs: received (with receipt
-- numbers in the order they were paid, per year), still due, or cancelled with the booking.
INSERT INTO "payments" ("booking_id", "client_id", "amount_minor", "currency", "provider", "status", "paid_at", "created_at", "updated_at")
SELECT "id", "client_id", "price_minor", "currency", 'manual',
  CASE WHEN "paid_at" IS NOT NULL THEN 'paid'
       WHEN "state" IN ('cancelled', 'expired') THEN 'cancelled'
       ELSE 'pending' END,
  "paid_at", "created_at", now()
FROM "bookings" WHERE "price_minor" > 0;--> statement-breakpoint
WITH "numbered" AS (
  SELECT "id", extract(year FROM "paid_at" AT TIME ZONE 'UTC')::int AS "year",
    row_number() OVER (PARTITION BY extract(year FROM "paid_at" AT TIME ZONE 'UTC') ORDER BY "paid_at", "id") AS "n"
  FROM "payments" WHERE "paid_at" IS NOT NULL
)
UPDATE "payments" SET "receipt_number" = "numbered"."year" || '-' || CASE WHEN "numbered"."n" < 10000 THEN lpad("numbered"."n"::text, 4, '0') ELSE "numbered"."n"::text END
FROM "numbered" WHERE "payments"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "receipt_counters" ("year", "last_number")
SELECT extract(year FROM "paid_at" AT TIME ZONE 'UTC')::int, count(*) FROM "payments" WHERE "paid_at" IS NOT NULL GROUP BY 1;
