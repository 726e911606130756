/** Every message of discount codes, so forms, server and tests share one wording. */
import {
  COUPON_CODE_MAX,
  COUPON_CODE_MIN,
  COUPON_CURRENCIES_MAX,
  COUPON_PERCENT_MAX,
  COUPON_PERCENT_MIN,
  COUPON_PER_CLIENT_LIMIT_MAX,
  COUPON_TARGETS_MAX,
  COUPON_TOTAL_LIMIT_MAX,
  COUPON_TYPED_CODE_MAX,
} from './limits';

/** Why a code cannot be used; `POST /api/coupons/check` answers one as `reason`. */
export const COUPON_REFUSAL_REASONS = [
  'unknown',
  'expired',
  'not_yet_valid',
  'used_up',
  'not_applicable',
  'limit_per_client',
] as const;
export type CouponRefusalReason = (typeof COUPON_REFUSAL_REASONS)[number];

/** One plain-words sentence per refusal, shown to the client (and the detail of the 409). */
export const COUPON_REFUSAL_MESSAGES: Record<CouponRefusalReason, string> = {
  unknown: 'There is no discount code like this one. Check its spelling.',
  expired: 'This discount code has expired.',
  not_yet_valid: 'This discount code cannot be used yet.',
  used_up: 'This discount code has been used as many times as it allows.',
  not_applicable: 'This discount code does not apply to what you chose.',
  limit_per_client: 'You have already used this discount code as many times as it allows.',
};

export const COUPON_MESSAGES = {
  codeRequired: 'Code is required',
  codeInvalid: 'A code is letters and digits only (no spaces or signs)',
  codeTooShort: `A code has at least ${COUPON_CODE_MIN} characters`,
  codeTooLong: `A code has at most ${COUPON_CODE_MAX} characters`,
  codeTaken: 'Another discount code already uses this code',
  typedCodeRequired: 'Enter a discount code',
  typedCodeTooLong: `A discount code has at most ${COUPON_TYPED_CODE_MAX} characters`,
  percentInvalid: `The percentage must be a whole number from ${COUPON_PERCENT_MIN} to ${COUPON_PERCENT_MAX}`,
  amountInvalid: 'The amount off must be a whole number of minor units (cents), at least 1',
  amountTooHigh: 'The amount off is too high',
  amountCurrenciesRequired: 'Give the amount off in at least one currency',
  amountCurrenciesTooMany: `An amount off names at most ${COUPON_CURRENCIES_MAX} currencies`,
  amountCurrencyRepeated: 'Each currency is named once',
  discountKindRequired: 'Give either a percentage or an amount off, not both',
  appliesToInvalid: 'Applies to must be all, services or packages',
  servicesRequired: 'Choose at least one service the code applies to',
  packagesRequired: 'Choose at least one package the code applies to',
  targetsTooMany: `A code applies to at most ${COUPON_TARGETS_MAX} services or packages`,
  targetsRepeated: 'Each service or package is named once',
  targetsNotExpected: 'Services and packages are chosen only when the code applies to them',
  serviceUnknown: 'There is no service with this address name',
  packageUnknown: 'There is no package with this id',
  validToBeforeFrom: 'The last valid day cannot be before the first',
  totalLimitInvalid: `The total limit must be a whole number from 1 to ${COUPON_TOTAL_LIMIT_MAX}, or none`,
  perClientLimitInvalid: `The limit per client must be a whole number from 1 to ${COUPON_PER_CLIENT_LIMIT_MAX}, or none`,
  activeInvalid: 'Active must be true or false',
  emptyChange: 'Send at least one field to change',
  unknown: 'Discount code not found',
  checkTargetRequired: 'Name the service or the package to check the code for',
  checkServiceUnknown: 'Service not found',
  checkPackageUnknown: 'Package not found',
  couponWithCredit: 'Use either a package credit or a discount code, not both',
} as const;
