/** The discount codes calls: a client's check of a code, the owner's codes and their uses. */
import type {
  AdminCoupon,
  AdminCouponsList,
  CouponCheckAnswer,
  CouponCheckInput,
  CouponInput,
  CouponPatch,
  ServicesList,
  SiteCurrency,
} from '@consult/shared';
import { api } from '../../lib/api';

/** What a code can apply to, and the site's currency its fixed amounts are given in. */
export interface CouponChoices {
  services: { slug: string; title: string }[];
  packages: { id: string; title: string }[];
  currency: string;
}

export const couponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A mutation, not a query: each press of "Apply" asks again (a code's uses change). */
    checkCoupon: build.mutation<CouponCheckAnswer, CouponCheckInput>({
      query: (body) => ({ url: '/coupons/check', method: 'POST', body }),
    }),
    getAdminCoupons: build.query<AdminCouponsList, void>({
      query: () => '/admin/coupons',
      providesTags: ['Coupon'],
    }),
    createCoupon: build.mutation<AdminCoupon, CouponInput>({
      query: (body) => ({ url: '/admin/coupons', method: 'POST', body }),
      invalidatesTags: ['Coupon'],
    }),
    updateCoupon: build.mutation<AdminCoupon, { id: string } & CouponPatch>({
      query: ({ id, ...body }) => ({
        url: `/admin/coupons/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: ['Coupon'],
    }),
    /** What a code can apply to: the services, the packages and the site's currency. */
    getCouponChoices: build.query<CouponChoices, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const services = await baseQuery('/admin/services');
        if (services.error) return { error: services.error };
        const packages = await baseQuery('/admin/packages');
        if (packages.error) return { error: packages.error };
        const currency = await baseQuery('/admin/site-currency');
        if (currency.error) return { error: currency.error };
        return {
          data: {
            services: (services.data as ServicesList).services.map(({ slug, title }) => ({
              slug,
              title,
            })),
            packages: (packages.data as { packages: { id: string; title: string }[] }).packages.map(
              ({ id, title }) => ({ id, title }),
            ),
            currency: (currency.data as SiteCurrency).currency,
          },
        };
      },
      providesTags: ['Coupon', 'Package', 'Scheduling'],
    }),
  }),
});

export const {
  useCheckCouponMutation,
  useGetAdminCouponsQuery,
  useCreateCouponMutation,
  useUpdateCouponMutation,
  useGetCouponChoicesQuery,
} = couponsApi;
