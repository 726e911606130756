/** The packages calls: the public list and buying, the client's credits, the owner's packages. */
import type {
  AdminPackage,
  AdminPackagesList,
  CreditAdjustment,
  MarkPaidInput,
  PackageInput,
  PackagePatch,
  PackagePurchase,
  PackagesList,
  PurchaseAnswer,
  PurchasePackageInput,
  ServicesList,
  SiteCurrency,
  UserCredits,
} from '@consult/shared';
import { IDEMPOTENCY_KEY_HEADER } from '@consult/shared';
import { api } from '../../lib/api';

export const packagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPackages: build.query<PackagesList, void>({
      query: () => '/packages',
      providesTags: ['Package'],
    }),
    purchasePackage: build.mutation<
      PurchaseAnswer,
      { id: string; idempotencyKey: string } & PurchasePackageInput
    >({
      query: ({ id, idempotencyKey, ...body }) => ({
        url: `/packages/${encodeURIComponent(id)}/purchase`,
        method: 'POST',
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        body,
      }),
      invalidatesTags: ['Package'],
    }),
    getMyCredits: build.query<UserCredits, void>({
      query: () => '/user/credits',
      providesTags: ['Package'],
    }),
    getAdminPackages: build.query<AdminPackagesList, void>({
      query: () => '/admin/packages',
      providesTags: ['Package'],
    }),
    createPackage: build.mutation<AdminPackage, PackageInput>({
      query: (body) => ({ url: '/admin/packages', method: 'POST', body }),
      invalidatesTags: ['Package'],
    }),
    updatePackage: build.mutation<AdminPackage, { id: string } & PackagePatch>({
      query: ({ id, ...body }) => ({
        url: `/admin/packages/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: ['Package'],
    }),
    /** The services a new package can cover, with the site's currency it is priced in. */
    getPackageChoices: build.query<{ services: ServicesList['services']; currency: string }, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const services = await baseQuery('/admin/services');
        if (services.error) return { error: services.error };
        const currency = await baseQuery('/admin/site-currency');
        if (currency.error) return { error: currency.error };
        return {
          data: {
            services: (services.data as ServicesList).services,
            currency: (currency.data as SiteCurrency).currency,
          },
        };
      },
      providesTags: ['Package', 'Scheduling'],
    }),
    getClientCredits: build.query<UserCredits, string>({
      query: (userId) => `/admin/users/${encodeURIComponent(userId)}/credits`,
      providesTags: ['Package'],
    }),
    markPurchasePaid: build.mutation<PackagePurchase, { id: string } & MarkPaidInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/package-purchases/${encodeURIComponent(id)}/mark-paid`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Package', 'Payment'],
    }),
    /**
     * The owner's hand on a client's credits: a credit given or taken back, or a package granted
     * (free, or paid by hand with its receipt). A refusal because the figures moved meanwhile (a
     * 404 or 409) refreshes them too, so the screen shows what is true now.
     */
    adjustCredits: build.mutation<
      { purchase: PackagePurchase },
      { userId: string } & CreditAdjustment
    >({
      query: ({ userId, ...body }) => ({
        url: `/admin/users/${encodeURIComponent(userId)}/credits`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error) =>
        error && 'status' in error && error.status !== 404 && error.status !== 409
          ? []
          : ['Package', 'Payment', 'Metrics'],
    }),
  }),
});

export const {
  useGetPackagesQuery,
  usePurchasePackageMutation,
  useGetMyCreditsQuery,
  useGetAdminPackagesQuery,
  useCreatePackageMutation,
  useUpdatePackageMutation,
  useGetClientCreditsQuery,
  useGetPackageChoicesQuery,
  useMarkPurchasePaidMutation,
  useAdjustCreditsMutation,
} = packagesApi;
