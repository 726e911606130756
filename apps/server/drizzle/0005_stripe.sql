ALTER TABLE "payments" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_pending_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_refunds_unsent_idx" ON "payment_refunds" USING btree ("created_at") WHERE status = 'pending' and provider_reference is null;--> statement-breakpoint
CREATE INDEX "payments_provider_payment_idx" ON "payments" USING btree ("provider_payment_id") WHERE provider_payment_id is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_pending_check" CHECK ("payments"."refund_pending_minor" >= 0 and "payments"."refunded_minor" + "payments"."refund_pending_minor" <= "payments"."amount_minor");