-- Every booking gets a short reference (decision 035). Existing rows are given one here: six
-- characters of the same alphabet as the app's, each from a byte of gen_random_uuid() (a strong
-- random source; the first six bytes of a version 4 UUID are all random), drawn again for any
-- that collide before the unique index is made.
ALTER TABLE "bookings" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE FUNCTION "booking_reference_draw"() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(b.bytes, i) % 30, 1), '' ORDER BY i)
  FROM (SELECT uuid_send(gen_random_uuid()) AS bytes) b, generate_series(0, 5) AS i
$$;--> statement-breakpoint
DO $$
BEGIN
  LOOP
    UPDATE "bookings" SET "reference" = "booking_reference_draw"()
    WHERE "reference" IS NULL
      OR "id" IN (
        SELECT "id" FROM (
          SELECT "id", row_number() OVER (PARTITION BY "reference" ORDER BY "created_at", "id") AS n
          FROM "bookings"
        ) ranked WHERE n > 1
      );
    EXIT WHEN NOT EXISTS (
      SELECT 1 FROM "bookings" GROUP BY "reference" HAVING count(*) > 1 OR "reference" IS NULL
    );
  END LOOP;
END $$;--> statement-breakpoint
DROP FUNCTION "booking_reference_draw"();--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_idx" ON "bookings" USING btree ("reference");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reference_check" CHECK ("bookings"."reference" ~ '^[0-9A-Z]{4,10}$');
