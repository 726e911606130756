/**
 * The payment mails: to the client the receipt when a payment is received and each refund; to the
 * owner what needs their hand (a late or second payment, a refund Stripe could not make).
 */
import {
  adminPaymentPath,
  formatDueDay,
  formatMoney,
  receiptPath,
  REFUND_METHOD_LABELS,
  type RefundMethod,
} from '@consult/shared';
import { type OutgoingMail, simpleMail } from '../mail';

interface PaymentMailFacts {
  appUrl: string;
  to: string;
  clientName: string;
  paymentId: string;
  /** What was paid for: the service booked, or the package bought ("Coaching (5 sessions)"). */
  serviceTitle: string;
  /** The booking's short reference, as the client's screens show it; null for a package. */
  bookingReference: string | null;
  /** The booking's start, written in the client's zone; null for a package. */
  when: string | null;
  amountMinor: number;
  currency: string;
  businessName: string;
  /** The discount code the price was reduced by, if any (issue 24). */
  discount?: MailDiscount | null;
}

/** A discount code's line on a receipt mail: the price before it and what the code took off. */
export interface MailDiscount {
  code: string;
  discountMinor: number;
}

/** "The price was $500.00; the code SPRING20 took $100.00 off." None without a code. */
function discountLines(amountMinor: number, currency: string, discount: MailDiscount | null) {
  if (!discount || discount.discountMinor === 0) return [];
  const price = formatMoney(amountMinor + discount.discountMinor, currency);
  const off = formatMoney(discount.discountMinor, currency);
  return [`The price was ${price}; the code ${discount.code} took ${off} off.`];
}

/** The booking's reference line; none for a package (it has no reference). */
const referenceLine = (facts: PaymentMailFacts) =>
  facts.bookingReference ? [`Booking reference: ${facts.bookingReference}.`] : [];

/** "Coaching on Monday 4 May, 10:00", or a package's title alone. */
const paidFor = (facts: PaymentMailFacts) =>
  facts.when ? `${facts.serviceTitle} on ${facts.when}` : facts.serviceTitle;

function receiptLink(facts: PaymentMailFacts) {
  return { href: `${facts.appUrl}${receiptPath(facts.paymentId)}`, label: 'View the receipt' };
}

export function receiptMail(facts: PaymentMailFacts & { receiptNumber: string }): OutgoingMail {
  const amount = formatMoney(facts.amountMinor, facts.currency);
  const from = facts.businessName ? ` by ${facts.businessName}` : '';
  return simpleMail(
    facts.to,
    `Receipt ${facts.receiptNumber}: payment received`,
    [
      `Hello ${facts.clientName}, thank you: your payment of ${amount} for ${paidFor(facts)} was received${from}. Your receipt ${facts.receiptNumber} is here, ready to print:`,
      ...discountLines(facts.amountMinor, facts.currency, facts.discount ?? null),
      'You can find all your payments and receipts on your dashboard.',
      ...referenceLine(facts),
    ],
    receiptLink(facts),
  );
}

/** Who gives the money back, as a client reads it: the business's name, or "us". */
const sender = (facts: PaymentMailFacts) => facts.businessName || 'us';

/**
 * A refund made: Stripe's (`sent` null: the card's bank takes some days), or a manual one the owner
 * confirmed sending, with how and on which day.
 */
export function refundMail(
  facts: PaymentMailFacts & {
    refundMinor: number;
    reason: string | null;
    sent: { method: RefundMethod; on: string } | null;
  },
): OutgoingMail {
  const refund = formatMoney(facts.refundMinor, facts.currency);
  const of = formatMoney(facts.amountMinor, facts.currency);
  const what = facts.sent
    ? `was sent back to you by ${sender(facts)} (${REFUND_METHOD_LABELS[facts.sent.method].toLowerCase()}, ${formatDueDay(facts.sent.on)}).`
    : 'is being returned to you.';
  return simpleMail(
    facts.to,
    facts.sent ? `Refund of ${refund} sent` : `Refund of ${refund}`,
    [
      `Hello ${facts.clientName}, ${refund} of your payment of ${of} for ${paidFor(facts)} ${what}`,
      ...referenceLine(facts),
      ...(facts.reason ? [`Reason: ${facts.reason}`] : []),
      'The refund is shown on your receipt.',
    ],
    receiptLink(facts),
  );
}

/** A manual refund decided and not sent yet: the business will send it, and mails again then. */
export function refundOwedMail(
  facts: PaymentMailFacts & { refundMinor: number; reason: string | null },
): OutgoingMail {
  const refund = formatMoney(facts.refundMinor, facts.currency);
  const of = formatMoney(facts.amountMinor, facts.currency);
  return simpleMail(
    facts.to,
    `A refund of ${refund} will be sent to you`,
    [
      `Hello ${facts.clientName}, a refund of ${refund} of your payment of ${of} for ${paidFor(facts)} will be sent to you by ${sender(facts)}. It has not been sent yet: you will get another e-mail when it has.`,
      ...referenceLine(facts),
      ...(facts.reason ? [`Reason: ${facts.reason}`] : []),
      'The refund is shown on your receipt.',
    ],
    receiptLink(facts),
  );
}

/** A receipt voided after a mistaken mark-paid: the payment is due again. */
export function receiptVoidedMail(
  facts: PaymentMailFacts & { receiptNumber: string },
): OutgoingMail {
  const amount = formatMoney(facts.amountMinor, facts.currency);
  return simpleMail(
    facts.to,
    `Receipt ${facts.receiptNumber} is void`,
    [
      `Hello ${facts.clientName}, receipt ${facts.receiptNumber} for ${paidFor(facts)} was issued by mistake and is now void. Your payment of ${amount} is shown as due again.`,
      ...referenceLine(facts),
      `If you have already paid, please tell ${sender(facts)} so it can be put right.`,
    ],
    receiptLink(facts),
  );
}

/**
 * To the owner: a Stripe payment arrived for a booking the client no longer has. Refunded in full
 * automatically, or, when the booking was already paid another way, left for the owner to return.
 */
export function latePaymentOwnerMail(facts: {
  to: string;
  bookingId: string;
  serviceTitle: string;
  state: string;
  intentId: string | null;
  refunded: boolean;
}): OutgoingMail {
  const what = `A Stripe payment (${facts.intentId ?? 'no payment id'}) arrived for the booking of ${facts.serviceTitle} (${facts.bookingId}), which is ${facts.state.replace('_', ' ')}.`;
  return simpleMail(
    facts.to,
    facts.refunded ? 'Late payment refunded' : 'A second payment needs a refund',
    facts.refunded
      ? [
          what,
          'Nobody is charged for a booking they do not have: it is being refunded in full, and the client gets the receipt and the refund by mail.',
        ]
      : [
          what,
          'The booking was already paid, so this payment is not recorded here. Please refund it in the Stripe dashboard.',
        ],
  );
}

/**
 * To the owner: a paid Stripe session named a booking without being its payment's session nor
 * charging its price (a Payment Link on the same account, say). It paid nothing here: the booking
 * is as it was, and the money was refunded in full.
 */
export function foreignPaymentOwnerMail(facts: {
  to: string;
  bookingId: string;
  serviceTitle: string;
  state: string;
  sessionId: string;
  intentId: string;
  amountMinor: number;
  currency: string;
}): OutgoingMail {
  const amount = formatMoney(facts.amountMinor, facts.currency);
  return simpleMail(facts.to, 'Unmatched payment refunded', [
    `A Stripe payment of ${amount} (${facts.intentId}, Checkout Session ${facts.sessionId}) named the booking of ${facts.serviceTitle} (${facts.bookingId}), which is ${facts.state.replace('_', ' ')}.`,
    'It was not made on the checkout of that booking nor for its price, so it does not pay for it: the booking is unchanged, no receipt was issued, and the payment has been refunded in full.',
  ]);
}

/** Stripe's failure reasons read as words: `expired_or_canceled_card` → "expired or canceled card". */
const readableReason = (reason: string) => reason.replaceAll('_', ' ');

/**
 * To the owner: a refund Stripe had accepted later failed or was canceled, so the money did not go
 * back to the client. The amount is free again to refund from /admin/payments or by hand. When it
 * had already been settled (`clientTold`), the client was mailed that it was on its way.
 */
export function refundFailedOwnerMail(facts: {
  to: string;
  appUrl: string;
  paymentId: string;
  /** What the money paid for: the booking ("the booking of Coaching on …"), or a package. */
  paidFor: string;
  clientName: string;
  amountMinor: number;
  currency: string;
  /** Stripe's `failure_reason`, or what it said instead ("canceled"). */
  failureReason: string;
  /** The refund had been settled and the client mailed that the money was on its way. */
  clientTold?: boolean;
}): OutgoingMail {
  const amount = formatMoney(facts.amountMinor, facts.currency);
  return simpleMail(
    facts.to,
    `Refund of ${amount} failed at Stripe`,
    [
      `The refund of ${amount} to ${facts.clientName} for ${facts.paidFor} did not go through: Stripe reports it failed (${readableReason(facts.failureReason)}). The client has not been given this money back.`,
      ...(facts.clientTold
        ? [
            'The client was told this refund was on its way, so please contact them. The payment no longer counts it as refunded.',
          ]
        : []),
      'The amount can be refunded again from the payments screen, or given back by hand.',
    ],
    { href: `${facts.appUrl}${adminPaymentPath(facts.paymentId)}`, label: 'Open the payment' },
  );
}

/** The receipt of a package of sessions bought (issue 24): what was bought and how many sessions. */
export function packageReceiptMail(facts: {
  appUrl: string;
  to: string;
  paymentId: string;
  clientName: string;
  packageTitle: string;
  sessions: number;
  amountMinor: number;
  currency: string;
  businessName: string;
  receiptNumber: string;
  discount?: MailDiscount | null;
}): OutgoingMail {
  const amount = formatMoney(facts.amountMinor, facts.currency);
  const from = facts.businessName ? ` by ${facts.businessName}` : '';
  const sessions = `${facts.sessions} ${facts.sessions === 1 ? 'session' : 'sessions'}`;
  return simpleMail(
    facts.to,
    `Receipt ${facts.receiptNumber}: payment received`,
    [
      `Hello ${facts.clientName}, thank you: your payment of ${amount} for ${facts.packageTitle} (${sessions}) was received${from}. Your receipt ${facts.receiptNumber} is here, ready to print:`,
      ...discountLines(facts.amountMinor, facts.currency, facts.discount ?? null),
      'Your credits are ready to use: choose a covered service on the consultation page and book with a credit. Your dashboard shows the credits left and when they expire.',
    ],
    { href: `${facts.appUrl}${receiptPath(facts.paymentId)}`, label: 'View the receipt' },
  );
}
