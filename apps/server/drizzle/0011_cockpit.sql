CREATE TABLE "site_images" (
	"id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_images_id_width_pk" PRIMARY KEY("id","width"),
	CONSTRAINT "site_images_id_check" CHECK ("site_images"."id" ~ '^[0-9a-f]{32}$'),
	CONSTRAINT "site_images_size_check" CHECK ("site_images"."width" > 0 and "site_images"."height" > 0)
);
--> statement-breakpoint
CREATE INDEX "site_images_created_idx" ON "site_images" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_created_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_succeeded_idx" ON "payment_refunds" USING btree ("created_at") WHERE status = 'succeeded';--> statement-breakpoint
CREATE INDEX "payments_paid_idx" ON "payments" USING btree ("paid_at") WHERE paid_at is not null;