-- Backfill (issue 19, defect 4; decision 046): a Stripe payment the owner marked paid by hand was
-- received by hand, so its refunds go back by hand (owed until the owner confirms them) instead of
-- being sent to Stripe, which has no payment of it to refund. A voided receipt means such a mark.
UPDATE "payments" SET "provider" = 'manual'
WHERE "provider" = 'stripe'
  AND ("paid_method" IS NOT NULL
    OR EXISTS (SELECT 1 FROM "voided_receipts" WHERE "voided_receipts"."payment_id" = "payments"."id"));
