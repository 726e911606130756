/** Every message of packages and credits, so forms, server and tests share one wording. */
import {
  CREDIT_ADJUSTMENT_MAX,
  CREDIT_REASON_MAX,
  PACKAGE_DESCRIPTION_MAX,
  PACKAGE_SERVICES_MAX,
  PACKAGE_SESSIONS_MAX,
  PACKAGE_SESSIONS_MIN,
  PACKAGE_TITLE_MAX,
  PACKAGE_VALIDITY_DAYS_MAX,
} from './limits';

export const PACKAGE_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${PACKAGE_TITLE_MAX} characters`,
  descriptionInvalid: 'Description must be text',
  descriptionTooLong: `Description must be at most ${PACKAGE_DESCRIPTION_MAX} characters`,
  servicesRequired: 'Choose at least one service the package covers',
  servicesTooMany: `A package covers at most ${PACKAGE_SERVICES_MAX} services`,
  servicesRepeated: 'Each service is named once',
  serviceUnknown: 'There is no service with this address name',
  sessionsInvalid: `Sessions must be a whole number from ${PACKAGE_SESSIONS_MIN} to ${PACKAGE_SESSIONS_MAX}`,
  priceInvalid: 'Price must be a whole number of minor units (cents)',
  priceNegative: 'Price cannot be negative',
  priceTooHigh: 'Price is too high',
  validityInvalid: `Validity must be a whole number of days from 1 to ${PACKAGE_VALIDITY_DAYS_MAX}, or none`,
  activeInvalid: 'Active must be true or false',
  emptyChange: 'Send at least one field to change',
  unknown: 'Package not found',
  notForSale: 'This package is no longer sold',
  purchaseUnknown: 'Purchase not found',
  userUnknown: 'Client not found',
  creditDeltaInvalid: `Credits to add or take back: a whole number from -${CREDIT_ADJUSTMENT_MAX} to ${CREDIT_ADJUSTMENT_MAX}, not 0`,
  creditReasonRequired: 'Say why the credits change',
  creditReasonTooLong: `The reason must be at most ${CREDIT_REASON_MAX} characters`,
  creditTargetRequired: 'Name the purchase to adjust or the package to grant',
  creditTakeBackTooMany: 'The purchase has fewer unused credits than that',
  creditGrantNeedsPositive: 'A new grant gives at least one credit',
  creditPurchaseNotPaid:
    'Credits of a purchase awaiting payment cannot be adjusted until it is paid',
  creditUnavailable: 'You have no unused credit for this service',
  purchaseNotPending: 'This purchase is not awaiting payment',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different purchase request',
} as const;

/** How a booking a package credit paid is named wherever a payment would be (the lists, detail). */
export const PAID_BY_CREDIT_TEXT = 'Paid with a package credit';
