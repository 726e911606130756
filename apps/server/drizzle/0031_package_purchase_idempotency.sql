ALTER TABLE "package_purchases" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD COLUMN "request_fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "package_purchases_idempotency_idx" ON "package_purchases" USING btree ("client_id","idempotency_key") WHERE idempotency_key is not null;