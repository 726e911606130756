/** Every message of the payments area, word for word, for the server and the forms alike. */
export const PAYMENT_MESSAGES = {
  notFound: 'Payment not found',
  statusInvalid: 'Choose a payment status from the list',
  providerInvalid: 'Choose manual or Stripe',
  pageInvalid: 'Page must be a whole number from 1',
  notPending: 'Only a payment that is still pending can be marked paid',
  notRefundable: 'Only a paid payment can be refunded',
  refundAmountInvalid: 'Enter an amount greater than zero',
  refundTooLarge: (left: string) => `You can refund at most ${left}, what is left of this payment`,
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
  checkoutNotPending: 'This booking is not waiting for a payment',
} as const;
