/**
 * How the client pays a booking, as the parts the page adds to the flow report it (issue 24): a
 * package credit comes from the packages feature, loaded after the page, so the flow holds only
 * its outcome and sends it with the booking.
 */
import type { SiteService } from '@consult/shared';

export interface PaymentChoice {
  /** The package credit offered for the service; null when none covers it (or signed out). */
  credit: {
    purchaseId: string;
    packageTitle: string;
    remaining: number;
    expiresAt: string | null;
  } | null;
  /** With a credit offered: pay with it (the default) or as usual. */
  useCredit: boolean;
}

export const NO_PAYMENT_CHOICE: PaymentChoice = { credit: null, useCredit: false };

/** What the page's payment parts are handed: the choice so far and how to change it. */
export interface PaymentOptionsProps {
  service: SiteService;
  timeZone: string;
  payment: PaymentChoice;
  onChange: (next: Partial<PaymentChoice>) => void;
  /** The server refused the credit (spent or expired meanwhile): none is offered again here. */
  creditRefused: boolean;
}

export type PaymentOptions = React.ComponentType<PaymentOptionsProps>;

/** The fields of the booking request the choice decides; nothing when there is nothing to choose. */
export function paymentFields(
  payment: PaymentChoice,
  creditRefused: boolean,
): { useCredit?: boolean } {
  if (payment.credit) return { useCredit: payment.useCredit };
  // After a refused credit the client confirms paying as usual: no other credit is spent unseen.
  return creditRefused ? { useCredit: false } : {};
}
