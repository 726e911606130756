ALTER TABLE "mail_outbox" ADD COLUMN "fold_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "fold_items" jsonb;--> statement-breakpoint
CREATE INDEX "mail_outbox_fold_idx" ON "mail_outbox" USING btree ("fold_key","created_at") WHERE "mail_outbox"."fold_key" is not null;