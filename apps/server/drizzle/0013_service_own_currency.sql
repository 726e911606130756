ALTER TABLE "services" ADD COLUMN "own_currency" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now every service named its currency and the site had none; the site's is USD until the
-- owner sets one (the demo's), so a service in another currency keeps it, as its own (decision 037).
UPDATE "services" SET "own_currency" = true WHERE "currency" <> 'USD';
