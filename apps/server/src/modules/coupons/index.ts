/**
 * The coupons module's public face (decision 053): discount codes (issue 24), their uses, and the
 * discount code hooks it implements for bookings and packages.
 */
export { discountCodeHooks } from './coupons-service';
export { couponCurrencyFollower } from './site-currency-follower';
export { adminCouponRoutes, couponRoutes } from './routes';
export { couponPackages, couponServices, couponUses, coupons } from './schema';
