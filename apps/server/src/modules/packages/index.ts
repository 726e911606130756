/**
 * The packages module's public face (decision 053): packages of sessions, their purchases and the
 * credits they give (issue 24), and the package payment hooks it implements for payments.
 */
export { packageJobs } from './credit-expiry';
export { packageCurrencyFollower } from './site-currency-follower';
export { bookingCreditHooks } from './credits-service';
export { creditTotals } from './purchases-repository';
export { packagePaymentHooks } from './purchases-service';
export { adminPackageRoutes, packageRoutes } from './routes';
export { packageCreditEntries, packagePurchases, packages } from './schema';
