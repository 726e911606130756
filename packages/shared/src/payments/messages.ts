/** Every message of the payments area, word for word, for the server and the forms alike. */
export const PAYMENT_MESSAGES = {
  notFound: 'Payment not found',
  statusInvalid: 'Choose a payment status from the list',
  providerInvalid: 'Choose manual or Stripe',
  pageInvalid: 'Page must be a whole number from 1',
  notPending: 'Only a payment that is still pending can be marked paid',
  notRefundable: 'This payment was never received, so there is nothing to refund',
  nothingLeftToRefund: (refunded: string, owed: string | null) =>
    owed
      ? `Nothing is left to refund: ${refunded} has been refunded and ${owed} is already owed or on its way`
      : `Nothing is left to refund: all ${refunded} of this payment has been refunded`,
  refundsFilterInvalid: 'Choose owed refunds or none',
  kindInvalid: 'Choose booking payments or package purchases',
  /** Why a package's refund suggests its amount: the unused credits' share of what was paid. */
  packageRefundShare: (unused: number, sessions: number, share: string, paid: string) =>
    `${unused} of ${sessions} ${sessions === 1 ? 'credit' : 'credits'} unused: ${share} of ${paid}`,
  /** What a package's refund did to its credits, as its ledger and audit entry say. */
  packageRefundWithdrew: (withdrawn: number, refund: string) =>
    `${withdrawn} unused ${withdrawn === 1 ? 'credit' : 'credits'} withdrawn by the refund of ${refund}`,
  packageRefundFailed: (restored: number) =>
    `${restored} ${restored === 1 ? 'credit' : 'credits'} given back: the refund that withdrew ${restored === 1 ? 'it' : 'them'} did not go through`,
  packageMarkPaidElsewhere:
    'A package purchase is marked paid from the client’s record on the users screen',
  packageVoidNotOffered:
    'A package purchase’s receipt cannot be voided: refund it instead (its unused credits are withdrawn)',
  paymentMethodInvalid: 'Choose how the money was paid',
  refundMethodInvalid: 'Choose how the refund was sent',
  /** The mark-paid dialog promised a number another payment took meanwhile (nothing was recorded). */
  receiptNumberTaken: (shown: string, next: string) =>
    `Receipt ${shown} was just issued to another payment, so nothing was recorded. This payment would get ${next}; issue it if that is right.`,
  receiptNumberInvalid: 'The receipt number looks like 2026-0001',
  receivedOnFuture: 'The day the money was received cannot be in the future',
  sentOnFuture: 'The day the refund was sent cannot be in the future',
  refundNotFound: 'Refund not found',
  refundNotOwed:
    'This refund is not waiting to be sent by hand: it was already confirmed, or it goes through Stripe',
  voidNotManual: 'Only a payment you marked paid by hand can be voided',
  voidNotPaid: 'Only a payment that is marked paid can be voided',
  voidHasRefunds: 'This payment has a refund; a payment with a refund cannot be voided',
  voidTooLate:
    'A payment can be voided only within 24 hours of marking it paid; record a refund instead',
  voidReasonRequired: 'Say why this payment is voided',
  refundAmountInvalid: 'Enter an amount greater than zero',
  refundTooLarge: (left: string) => `You can refund at most ${left}, what is left of this payment`,
  refundAmountNotWhole: 'Enter the amount as a whole number of minor units (cents, pence)',
  refundBeyondAnyPayment:
    'That amount is more than any payment; enter at most what is left to refund',
  noteTooLong: 'Keep the note under 500 characters',
  reasonTooLong: 'Keep the reason under 500 characters',
  instructionsTooLong: 'Keep the payment instructions under 2000 characters',
  businessNameTooLong: 'Keep the business name under 120 characters',
  businessAddressTooLong: 'Keep the address under 500 characters',
  taxIdTooLong: 'Keep the tax id under 50 characters',
  taxRateInvalid: 'Enter a tax rate from 0 to 100 % with at most two decimals',
  refundShareInvalid: 'Enter a whole percentage from 0 to 100',
  footerTooLong: 'Keep the receipt footer under 500 characters',
  stripeNotConfigured:
    'Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET on the server before it can be chosen',
  clientInvalid: 'Choose a client from the list',
  checkoutNotPending: 'This booking is not waiting for a payment',
  paymentBeingConfirmed: 'Your payment is being confirmed; this takes a moment',
  paymentUnavailable:
    'Online payment is not available right now. Please try again in a few minutes.',
  refundUnavailable: 'Stripe did not accept the refund. Please try again in a few minutes.',
  /**
   * Mark-paid of a booking held for Stripe (decision 046): its Checkout Session is closed first, and
   * nothing is recorded while the client could still pay there.
   */
  cardPaymentInProgress:
    'The client has already paid this booking at Stripe, so nothing was recorded: that payment is being confirmed, and the booking shows it paid as soon as Stripe does (a bank debit can take a few days).',
  checkoutNotClosed:
    'Stripe could not be reached to close the card payment page of this booking, so nothing was recorded: the client could still pay there. Try again in a few minutes.',
  checkoutNotClosableWithoutStripe:
    'Stripe is no longer set up on this server, so the card payment page of this booking cannot be closed and the client could still pay there; nothing was recorded. The page closes when the booking’s hold ends.',
  /** A refund Stripe would refuse every time (decision 046): why, and what to do instead. */
  refundNotPossibleOnline: (reference: string) =>
    `Stripe cannot refund this payment from here: no Stripe payment (PaymentIntent) was recorded with it, so Stripe would refuse every try. Refund it in your Stripe dashboard (search for booking ${reference}), then keep a note of it in the client’s private notes: this record does not change by itself.`,
  /** The same for a package's payment, which has no booking reference: Stripe's metadata names it. */
  packageRefundNotPossibleOnline: (paymentId: string) =>
    `Stripe cannot refund this payment from here: no Stripe payment (PaymentIntent) was recorded with it, so Stripe would refuse every try. Refund it in your Stripe dashboard (search for the metadata paymentId ${paymentId}), then keep a note of it in the client’s private notes: this record does not change by itself.`,
  /** A price Stripe cannot charge exactly (decision 042): never rounded, so refused. */
  priceNotChargeableOnline: (price: string) =>
    `This price (${price}) cannot be paid online: Stripe does not take fractions this small in its currency. Please contact the consultant to book.`,
  /** An owner's refund Stripe cannot send exactly (decision 042): `step` like "KWD 0.010". */
  refundNotChargeable: (step: string) =>
    `Stripe refunds this currency only in steps of ${step}: enter an amount that is a multiple of it`,
  eventTooEarly: 'This event refers to a payment not recorded yet; deliver it again later',
  webhookSignatureInvalid: 'The webhook signature is missing or invalid',
  webhookEventMalformed:
    'The webhook event is not a Stripe event: it needs an id, a type and data.object',
} as const;

/**
 * What a notice says while Stripe confirms a payment the client just made on Checkout (a booking's
 * or a package's), in the same words for both. Without mail delivery no receipt e-mail is promised.
 */
export const CHECKOUT_RETURN_TEXT = {
  confirming: {
    title: 'Confirming your payment…',
    body: 'Stripe is confirming your payment. This usually takes a few seconds.',
  },
  slow: {
    title: 'Payment on its way',
    body: 'Your payment is being confirmed; this page updates when it arrives.',
  },
  waiting: (mailDelivered: boolean) => ({
    title: 'Payment on its way',
    body: mailDelivered
      ? 'Your payment is still being confirmed. Check again in a moment; the receipt e-mail also tells you when it has arrived.'
      : 'Your payment is still being confirmed. Check again in a moment.',
  }),
} as const;
