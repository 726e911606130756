/** Packages of sessions: their limits, named once (issue 24). */
export const PACKAGE_TITLE_MAX = 100;
export const PACKAGE_DESCRIPTION_MAX = 2000;
export const PACKAGE_SESSIONS_MIN = 1;
export const PACKAGE_SESSIONS_MAX = 100;
/** A package covers one service at least and, in practice, a handful. */
export const PACKAGE_SERVICES_MAX = 20;
/** Validity from purchase, in days: at most ten years (none: the credits never expire). */
export const PACKAGE_VALIDITY_DAYS_MAX = 3650;
/** Clients are mailed this many days before credits of theirs expire. */
export const CREDIT_EXPIRY_NOTICE_DAYS = 7;
/** What the owner writes when they grant or take back credits by hand. */
export const CREDIT_REASON_MAX = 500;
/** One hand adjustment moves at most this many credits either way. */
export const CREDIT_ADJUSTMENT_MAX = 100;
