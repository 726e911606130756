import type { AdminCouponsList } from '@consult/shared';
import { answer, apiPath, http } from '../http';

/** No discount code by default: the owner's tab starts empty. */
export const couponsHandlers = [
  http.get(apiPath('/admin/coupons'), () => answer<AdminCouponsList>({ coupons: [] })),
];
