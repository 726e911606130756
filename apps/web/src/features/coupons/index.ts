export { AdminCouponsCard } from './admin-coupons-card';
export { CouponField } from './coupon-field';
export type { AppliedCoupon } from './coupon-words';
