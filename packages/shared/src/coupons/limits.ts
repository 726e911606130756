/** Discount codes: their limits, named once (issue 24). */
export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 32;
/** Letters and digits only; codes are compared and stored upper-case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9]+$/;
export const COUPON_PERCENT_MIN = 1;
export const COUPON_PERCENT_MAX = 100;
/** A fixed amount names at most this many currencies (one per currency). */
export const COUPON_CURRENCIES_MAX = 20;
/** A code names at most this many services or packages it applies to. */
export const COUPON_TARGETS_MAX = 50;
export const COUPON_TOTAL_LIMIT_MAX = 100_000;
export const COUPON_PER_CLIENT_LIMIT_MAX = 1_000;
/**
 * What a client may type as a code when checking or using one: anything longer is no code of
 * ours. A typed code that is not letters and digits is simply unknown (reason `unknown`).
 */
export const COUPON_TYPED_CODE_MAX = 64;
/**
 * Checking codes (POST /api/coupons/check) per signed-in account and per client address: a person
 * tries a handful; guessing codes by the thousand is stopped.
 */
export const COUPON_CHECK_LIMITS = {
  perAccount: { max: 30, windowMinutes: 15 },
  perIp: { max: 120, windowMinutes: 15 },
} as const;
