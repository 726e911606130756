CREATE TABLE "package_credit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"booking_id" uuid,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_credit_entries_reason_check" CHECK ("package_credit_entries"."reason" in ('purchase', 'booking', 'returned', 'forfeited', 'grant', 'take_back', 'refund')),
	CONSTRAINT "package_credit_entries_delta_check" CHECK (("package_credit_entries"."reason" = 'forfeited' and "package_credit_entries"."delta" = 0) or ("package_credit_entries"."reason" <> 'forfeited' and "package_credit_entries"."delta" <> 0))
);
--> statement-breakpoint
CREATE TABLE "package_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"title" text NOT NULL,
	"sessions" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"validity_days" integer,
	"state" text NOT NULL,
	"payment_id" uuid,
	"credits_remaining" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"granted_by" uuid,
	"expiry_notice_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_purchases_state_check" CHECK ("package_purchases"."state" in ('pending_payment', 'paid', 'cancelled', 'refunded')),
	CONSTRAINT "package_purchases_credits_check" CHECK ("package_purchases"."credits_remaining" >= 0),
	CONSTRAINT "package_purchases_sessions_check" CHECK ("package_purchases"."sessions" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "package_services" (
	"package_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "package_services_package_id_service_id_pk" PRIMARY KEY("package_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sessions" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"validity_days" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_sessions_check" CHECK ("packages"."sessions" between 1 and 100),
	CONSTRAINT "packages_price_check" CHECK ("packages"."price_minor" >= 0),
	CONSTRAINT "packages_validity_check" CHECK ("packages"."validity_days" is null or "packages"."validity_days" between 1 and 3650)
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'booking' NOT NULL;--> statement-breakpoint
ALTER TABLE "package_credit_entries" ADD CONSTRAINT "package_credit_entries_purchase_id_package_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."package_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_credit_entries" ADD CONSTRAINT "package_credit_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_credit_entries" ADD CONSTRAINT "package_credit_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_services" ADD CONSTRAINT "package_services_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_services" ADD CONSTRAINT "package_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_credit_entries_purchase_idx" ON "package_credit_entries" USING btree ("purchase_id","created_at");--> statement-breakpoint
CREATE INDEX "package_credit_entries_actor_idx" ON "package_credit_entries" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_credit_entries_booking_use_idx" ON "package_credit_entries" USING btree ("booking_id") WHERE reason = 'booking';--> statement-breakpoint
CREATE UNIQUE INDEX "package_credit_entries_booking_settled_idx" ON "package_credit_entries" USING btree ("booking_id") WHERE reason in ('returned', 'forfeited');--> statement-breakpoint
CREATE INDEX "package_purchases_client_idx" ON "package_purchases" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "package_purchases_package_idx" ON "package_purchases" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_purchases_payment_idx" ON "package_purchases" USING btree ("payment_id") WHERE payment_id is not null;--> statement-breakpoint
CREATE INDEX "package_purchases_granted_by_idx" ON "package_purchases" USING btree ("granted_by");--> statement-breakpoint
CREATE INDEX "package_purchases_expiry_idx" ON "package_purchases" USING btree ("expires_at") WHERE state = 'paid' and credits_remaining > 0 and expiry_notice_sent_at is null;--> statement-breakpoint
CREATE INDEX "package_services_service_idx" ON "package_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "packages_active_idx" ON "packages" USING btree ("active","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK (("payments"."purpose" = 'booking' and "payments"."booking_id" is not null) or ("payments"."purpose" = 'package' and "payments"."booking_id" is null));