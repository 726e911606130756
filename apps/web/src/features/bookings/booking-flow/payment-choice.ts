/**
 * How the client pays a booking, as the parts the page adds to the flow report it (issue 24): a
 * package credit and a discount code come from their own features, loaded after the page, so the
 * flow holds only their outcome and sends it with the booking.
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
  /** A discount code the server accepted for the service, with the price it leaves to pay. */
  coupon: { code: string; discountMinor: number; totalMinor: number; currency: string } | null;
}

export const NO_PAYMENT_CHOICE: PaymentChoice = {
  credit: null,
  useCredit: false,
  coupon: null,
};

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
): { useCredit?: boolean; couponCode?: string } {
  if (payment.credit && payment.useCredit) return { useCredit: true };
  // A code pays as usual, discounted: the server spends no credit with one.
  const coupon = payment.coupon ? { couponCode: payment.coupon.code } : {};
  // After a refused credit the client confirms paying as usual: no other credit is spent unseen.
  return payment.credit || creditRefused ? { useCredit: false, ...coupon } : coupon;
}

/** True when the booking is paid with the package credit offered. */
export const paysByCredit = (payment: PaymentChoice) =>
  payment.credit !== null && payment.useCredit;
