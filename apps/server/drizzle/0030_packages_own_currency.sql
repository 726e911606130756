ALTER TABLE "packages" ADD COLUMN "own_currency" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now a package kept the currency it was made in; one not in the site's currency (USD until
-- the owner set one) was either chosen so or left behind by a change of the site's currency. It is
-- kept, as its own, so nothing a visitor sees changes until the owner acts: /admin/config names it
-- beside the site's currency (decision 037, amended for packages).
UPDATE "packages" SET "own_currency" = true
WHERE "currency" <> coalesce(
  (SELECT "value"->>'currency' FROM "settings" WHERE "key" = 'currency'),
  'USD'
);
