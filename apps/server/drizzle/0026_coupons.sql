CREATE TABLE "coupon_packages" (
	"coupon_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	CONSTRAINT "coupon_packages_coupon_id_package_id_pk" PRIMARY KEY("coupon_id","package_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_services" (
	"coupon_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "coupon_services_coupon_id_service_id_pk" PRIMARY KEY("coupon_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"booking_id" uuid,
	"purchase_id" uuid,
	"original_minor" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_uses_target_check" CHECK (("coupon_uses"."booking_id" is null) <> ("coupon_uses"."purchase_id" is null)),
	CONSTRAINT "coupon_uses_amount_check" CHECK ("coupon_uses"."discount_minor" >= 1 and "coupon_uses"."discount_minor" <= "coupon_uses"."original_minor")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off" jsonb,
	"applies_to" text DEFAULT 'all' NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"total_limit" integer,
	"per_client_limit" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_check" CHECK ("coupons"."code" ~ '^[A-Z0-9]+$'),
	CONSTRAINT "coupons_discount_check" CHECK (("coupons"."percent_off" between 1 and 100 and "coupons"."amount_off" is null) or ("coupons"."percent_off" is null and "coupons"."amount_off" is not null)),
	CONSTRAINT "coupons_applies_to_check" CHECK ("coupons"."applies_to" in ('all', 'services', 'packages')),
	CONSTRAINT "coupons_validity_check" CHECK ("coupons"."valid_from" is null or "coupons"."valid_to" is null or "coupons"."valid_from" <= "coupons"."valid_to"),
	CONSTRAINT "coupons_total_limit_check" CHECK ("coupons"."total_limit" is null or "coupons"."total_limit" >= 1),
	CONSTRAINT "coupons_per_client_limit_check" CHECK ("coupons"."per_client_limit" is null or "coupons"."per_client_limit" >= 1)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_packages" ADD CONSTRAINT "coupon_packages_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_packages" ADD CONSTRAINT "coupon_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_services" ADD CONSTRAINT "coupon_services_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_services" ADD CONSTRAINT "coupon_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_purchase_id_package_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."package_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_packages_package_idx" ON "coupon_packages" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "coupon_services_service_idx" ON "coupon_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "coupon_uses_coupon_idx" ON "coupon_uses" USING btree ("coupon_id","created_at");--> statement-breakpoint
CREATE INDEX "coupon_uses_client_idx" ON "coupon_uses" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_booking_idx" ON "coupon_uses" USING btree ("booking_id") WHERE booking_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_purchase_idx" ON "coupon_uses" USING btree ("purchase_id") WHERE purchase_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coupons_created_idx" ON "coupons" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_check" CHECK ("payments"."discount_minor" >= 0 and ("payments"."discount_code" is not null or "payments"."discount_minor" = 0));