/**
 * Problem details: the content type and the `type`s the web app acts on. No zod here, so the app's
 * start-up, which reads these, does not load the schemas (decision 048); the schema is in
 * problem-schema.ts.
 */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/*
 * Problem `type`s the web app acts on. A screen decides what to do from the type, never from the
 * English `detail`, which is only shown. Any other problem is `about:blank` with a readable detail.
 */

/** The 403 for an unverified e-mail address: not a session problem, so no token refresh follows. */
export const EMAIL_NOT_VERIFIED_PROBLEM_TYPE = 'urn:consult:email-not-verified';
/** The 409 for a time that is no longer free; its `nearestSlots` offer other times. */
export const SLOT_TAKEN_PROBLEM_TYPE = 'urn:consult:slot-taken';
/** The 400 for a password-reset link that is unknown, used or expired: the screen offers a new one. */
export const RESET_LINK_INVALID_PROBLEM_TYPE = 'urn:consult:reset-link-invalid';
/**
 * The 409 for a verification link used again once its address is verified: the screen says so and
 * offers to sign in. Only the holder of the link learns it, and only about the address it proves.
 */
export const EMAIL_ALREADY_VERIFIED_PROBLEM_TYPE = 'urn:consult:email-already-verified';
/** The 403 for a request a page of another site sent: no session problem, so no refresh follows. */
export const CROSS_SITE_PROBLEM_TYPE = 'urn:consult:cross-site-request';
/** The 409 of an invitation to an address that already has an account; `clientId` names it. */
export const ACCOUNT_EXISTS_PROBLEM_TYPE = 'urn:consult:account-exists';
/**
 * The 409 of a mark-paid whose promised receipt number another payment took first: nothing was
 * recorded; `nextReceiptNumber` is the number it would get now.
 */
export const RECEIPT_NUMBER_TAKEN_PROBLEM_TYPE = 'urn:consult:receipt-number-taken';
/**
 * The 409 of a booking or package purchase with a discount code that cannot be used (issue 24):
 * nothing was booked or bought; `reason` names why (COUPON_REFUSAL_REASONS).
 */
export const COUPON_REFUSED_PROBLEM_TYPE = 'urn:consult:coupon-refused';
/** The 409 for a price Stripe cannot charge exactly in its currency (decision 042): the booking is not held. */
export const PRICE_NOT_CHARGEABLE_PROBLEM_TYPE = 'urn:consult:price-not-chargeable-online';
/**
 * The 409 of a client's booking over one of their caps (decision 045): too many bookings held for
 * online payment at once, or too many upcoming ones not paid yet (manual payments, when the owner
 * set a cap). Nothing was booked; `bookingLimit` names the cap. The screen points to their bookings.
 */
export const BOOKING_LIMIT_PROBLEM_TYPE = 'urn:consult:booking-limit-reached';
/**
 * The 409 of a client's booking with `useCredit: true` when no package credit of theirs covers the
 * service now (spent meanwhile, expired): nothing was booked; the screen offers to pay as usual.
 */
export const CREDIT_UNAVAILABLE_PROBLEM_TYPE = 'urn:consult:credit-unavailable';
/**
 * The 409 of a series of bookings (issue 25) whose dates were not all free at commit: nothing was
 * booked; `conflicts` lists the starts taken. The screen shows the preview again.
 */
export const SERIES_CONFLICT_PROBLEM_TYPE = 'urn:consult:series-conflict';
/**
 * The 409 of a mark-paid on a booking whose client has already paid at Stripe (decision 046): the
 * webhook is confirming that payment; nothing was recorded.
 */
export const CARD_PAYMENT_IN_PROGRESS_PROBLEM_TYPE = 'urn:consult:card-payment-in-progress';
/**
 * The 409 of a refund Stripe would refuse every time (no PaymentIntent recorded, decision 046): the
 * detail says to refund it in Stripe's dashboard instead; nothing was recorded.
 */
export const REFUND_NOT_POSSIBLE_ONLINE_PROBLEM_TYPE = 'urn:consult:refund-not-possible-online';
/**
 * The 403 of an admin route while the owner requires two-factor sign-in for admins and this admin
 * has not set it up: not a session problem; the web app sends the admin to set it up (decision 043).
 */
export const TWO_FACTOR_SETUP_REQUIRED_PROBLEM_TYPE = 'urn:consult:two-factor-setup-required';
/**
 * The 401 of a sign-in's second step whose challenge is unknown, expired, used or no longer matches
 * the account (its password changed): the sign-in page asks for the password again.
 */
export const TWO_FACTOR_CHALLENGE_INVALID_PROBLEM_TYPE = 'urn:consult:two-factor-challenge-invalid';
