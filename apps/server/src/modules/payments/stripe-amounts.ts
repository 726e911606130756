/**
 * Amounts at the Stripe boundary (decision 042). Our records count ISO 4217 minor units
 * (`minorUnitDigits`); Stripe's API counts its own unit per currency, which differs for a few:
 * MGA has two ISO digits but Stripe charges whole ariary; ISK has none but Stripe wants it as if
 * it had two ("cents" always 00). Every amount sent to Stripe goes through `toStripeAmount` and
 * every amount read from Stripe through `fromStripeAmount`; nothing else converts.
 *
 * Stripe's rules (docs.stripe.com/currencies): two decimals unless listed below.
 * - Zero-decimal: the amount is the whole unit.
 * - Three-decimal: thousandths, and the last digit must be 0 (card networks take hundredths).
 * - ISK: sent as two-decimal, the decimals always 00: 5 ISK is 500.
 * - HUF and TWD: charged as two-decimal like any other (only payouts are in whole units, which
 *   this product does not make), so they need nothing here.
 * - UGX: zero-decimal at Stripe, and ISO 4217 gives it no minor unit either: nothing changes.
 */
import {
  clientCancellationRefundMinor,
  minorUnitDigits,
  type PaymentStatus,
} from '@consult/shared';

interface StripeUnit {
  /** Digits of the amount Stripe's API takes. */
  digits: number;
  /** Stripe accepts only multiples of this, in its own unit (10 for three-decimal: last digit 0). */
  step: number;
}

const ZERO_DECIMAL: StripeUnit = { digits: 0, step: 1 };
const THREE_DECIMAL: StripeUnit = { digits: 3, step: 10 };
const TWO_DECIMAL: StripeUnit = { digits: 2, step: 1 };

/** Every currency Stripe counts otherwise than two decimals, each with its rule. */
export const STRIPE_SPECIAL_CURRENCIES: Readonly<Record<string, StripeUnit>> = {
  BIF: ZERO_DECIMAL,
  CLP: ZERO_DECIMAL,
  DJF: ZERO_DECIMAL,
  GNF: ZERO_DECIMAL,
  JPY: ZERO_DECIMAL,
  KMF: ZERO_DECIMAL,
  KRW: ZERO_DECIMAL,
  MGA: ZERO_DECIMAL,
  PYG: ZERO_DECIMAL,
  RWF: ZERO_DECIMAL,
  UGX: ZERO_DECIMAL,
  VND: ZERO_DECIMAL,
  VUV: ZERO_DECIMAL,
  XAF: ZERO_DECIMAL,
  XOF: ZERO_DECIMAL,
  XPF: ZERO_DECIMAL,
  BHD: THREE_DECIMAL,
  JOD: THREE_DECIMAL,
  KWD: THREE_DECIMAL,
  OMR: THREE_DECIMAL,
  TND: THREE_DECIMAL,
  // Whole krónur written with two decimals that are always 00.
  ISK: { digits: 2, step: 100 },
};

function stripeUnit(currency: string): StripeUnit {
  return STRIPE_SPECIAL_CURRENCIES[currency.toUpperCase()] ?? TWO_DECIMAL;
}

/** Stripe's unit over ours, as a power of ten: 2 for ISK (×100), −2 for MGA (÷100), 0 for most. */
function shiftOf(currency: string): number {
  return stripeUnit(currency).digits - minorUnitDigits(currency);
}

/** An amount Stripe cannot charge in its currency: MGA 10.50 (no fractions), KWD 1.234 (no thousandths). */
export class StripeAmountError extends Error {
  constructor(
    readonly amountMinor: number,
    readonly currency: string,
  ) {
    super(`Stripe cannot charge ${amountMinor} minor units of ${currency}`);
    this.name = 'StripeAmountError';
  }
}

/** The smallest step Stripe can charge, in ISO minor units: 100 for MGA, 10 for KWD, 1 for most. */
export function stripeChargeableStep(currency: string): number {
  const shift = shiftOf(currency);
  const step = stripeUnit(currency).step;
  return Math.max(1, shift >= 0 ? step / 10 ** shift : step * 10 ** -shift);
}

/**
 * Whether Stripe can charge `amountMinor` (ISO minor units) exactly: false for fractions of an
 * ariary or a thousandth of a dinar, which would have to be rounded.
 */
export function isStripeChargeable(amountMinor: number, currency: string): boolean {
  return amountMinor % stripeChargeableStep(currency) === 0;
}

/**
 * The largest amount up to `amountMinor` that Stripe can refund: a share of a payment (a client's
 * cancellation refund) may land on a fraction Stripe does not take, 0.615 KWD → 0.610 KWD.
 */
export function floorToStripeChargeable(amountMinor: number, currency: string): number {
  const step = stripeChargeableStep(currency);
  return Math.floor(amountMinor / step) * step;
}

/**
 * ISO 4217 minor units as Stripe's API amount: 12000 USD → 12000, 500 ISK → 50000,
 * 250000 MGA (2,500.00 Ar) → 2500, 12340 KWD → 12340. Throws StripeAmountError for an amount
 * Stripe cannot charge exactly: it is never rounded, so the charge is what the receipt says.
 */
export function toStripeAmount(amountMinor: number, currency: string): number {
  if (!isStripeChargeable(amountMinor, currency)) {
    throw new StripeAmountError(amountMinor, currency);
  }
  const shift = shiftOf(currency);
  return shift >= 0 ? amountMinor * 10 ** shift : amountMinor / 10 ** -shift;
}

/**
 * Stripe's API amount as ISO 4217 minor units, the inverse of `toStripeAmount`: 50000 ISK → 500,
 * 2500 MGA → 250000. An ISK amount with decimals (Stripe takes none) counts its whole krónur only,
 * so nothing is ever recorded as refunded that Stripe did not give back.
 */
export function fromStripeAmount(stripeAmount: number, currency: string): number {
  const shift = shiftOf(currency);
  return shift >= 0 ? Math.floor(stripeAmount / 10 ** shift) : stripeAmount * 10 ** -shift;
}

/**
 * What a client who cancels gets back (the owner's share of the payment), for a Stripe payment
 * down to an amount Stripe can send; the same for every other provider.
 */
export function cancellationRefundMinor(
  payment: {
    provider: string;
    status: PaymentStatus;
    amountMinor: number;
    refundedMinor: number;
    refundPendingMinor?: number;
    currency: string;
  },
  sharePercent: number,
): number {
  const share = clientCancellationRefundMinor(payment, sharePercent);
  return payment.provider === 'stripe' ? floorToStripeChargeable(share, payment.currency) : share;
}
