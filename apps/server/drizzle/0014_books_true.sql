CREATE TABLE "voided_receipts" (
	"number" text PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"paid_method" text,
	"received_on" date,
	"reason" text NOT NULL,
	"voided_by" uuid,
	"voided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "sent_method" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "sent_on" date;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "sent_note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_on" date;--> statement-breakpoint
ALTER TABLE "voided_receipts" ADD CONSTRAINT "voided_receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voided_receipts" ADD CONSTRAINT "voided_receipts_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voided_receipts_payment_idx" ON "voided_receipts" USING btree ("payment_id","voided_at");--> statement-breakpoint
CREATE INDEX "voided_receipts_voided_by_idx" ON "voided_receipts" USING btree ("voided_by");--> statement-breakpoint
CREATE INDEX "payment_refunds_owed_idx" ON "payment_refunds" USING btree ("payment_id") WHERE status = 'pending' and provider_reference is null;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_sent_method_check" CHECK ("payment_refunds"."sent_method" is null or "payment_refunds"."sent_method" in ('bank_transfer', 'cash', 'card', 'other'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_paid_method_check" CHECK ("payments"."paid_method" is null or "payments"."paid_method" in ('bank_transfer', 'cash', 'card_in_person', 'other'));