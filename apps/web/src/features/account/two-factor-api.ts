/** The account's two-factor sign-in (decision 043) and the owner's requirement for admins. */
import type {
  RecoveryCodes,
  SecuritySettings,
  SecuritySettingsView,
  TwoFactorCodeInput,
  TwoFactorDisableInput,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@consult/shared';
import { api } from '../../lib/api';

/** Turning it on or off changes the status and the owner's count of admins without it. */
const CHANGES_STATUS = [
  { type: 'User' as const, id: 'two-factor' },
  { type: 'User' as const, id: 'security-settings' },
];

export const twoFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTwoFactorStatus: build.query<TwoFactorStatus, void>({
      query: () => '/user/2fa',
      providesTags: [{ type: 'User', id: 'two-factor' }],
    }),
    startTwoFactorSetup: build.mutation<TwoFactorSetup, void>({
      query: () => ({ url: '/user/2fa/setup', method: 'POST', body: {} }),
    }),
    confirmTwoFactorSetup: build.mutation<RecoveryCodes, TwoFactorCodeInput>({
      query: (body) => ({ url: '/user/2fa/confirm', method: 'POST', body }),
      invalidatesTags: CHANGES_STATUS,
    }),
    renewRecoveryCodes: build.mutation<RecoveryCodes, TwoFactorCodeInput>({
      query: (body) => ({ url: '/user/2fa/recovery-codes', method: 'POST', body }),
      invalidatesTags: [{ type: 'User', id: 'two-factor' }],
    }),
    disableTwoFactor: build.mutation<TwoFactorStatus, TwoFactorDisableInput>({
      query: (body) => ({ url: '/user/2fa/disable', method: 'POST', body }),
      invalidatesTags: CHANGES_STATUS,
    }),
    /** Another account's, as the owner sees it on /admin/users. */
    getUserTwoFactor: build.query<TwoFactorStatus, string>({
      query: (id) => `/admin/users/${encodeURIComponent(id)}/2fa`,
      providesTags: (_result, _error, id) => [{ type: 'User', id: `two-factor-${id}` }],
    }),
    resetUserTwoFactor: build.mutation<null, string>({
      query: (id) => ({
        url: `/admin/users/${encodeURIComponent(id)}/2fa`,
        method: 'DELETE',
        validateStatus: (response) => response.status === 204,
      }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'User', id: `two-factor-${id}` },
        { type: 'User', id: 'security-settings' },
      ],
    }),
    getSecuritySettings: build.query<SecuritySettingsView, void>({
      query: () => '/admin/security-settings',
      providesTags: [{ type: 'User', id: 'security-settings' }],
    }),
    updateSecuritySettings: build.mutation<SecuritySettingsView, SecuritySettings>({
      query: (body) => ({ url: '/admin/security-settings', method: 'PUT', body }),
      invalidatesTags: [{ type: 'User', id: 'security-settings' }],
    }),
  }),
});

export const {
  useGetTwoFactorStatusQuery,
  useStartTwoFactorSetupMutation,
  useConfirmTwoFactorSetupMutation,
  useRenewRecoveryCodesMutation,
  useDisableTwoFactorMutation,
  useGetUserTwoFactorQuery,
  useResetUserTwoFactorMutation,
  useGetSecuritySettingsQuery,
  useUpdateSecuritySettingsMutation,
} = twoFactorApi;
