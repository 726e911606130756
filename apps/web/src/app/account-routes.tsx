/** The signed-in side of the app: the sign-in screens, /dash for clients and /admin for the owner. */
import { replace, type RouteObject } from 'react-router';
import { paths } from '@consult/shared';
import { LoadingScreen } from '../components/loading-screen';
import { formPage, page } from './lazy-page';

export const accountRoutes: RouteObject[] = [
  {
    path: paths.signIn,
    lazy: formPage(() => import('./routes/signin')),
    HydrateFallback: LoadingScreen,
  },
  {
    path: paths.signUp,
    lazy: formPage(() => import('./routes/signup')),
    HydrateFallback: LoadingScreen,
  },
  {
    path: paths.verifyEmail,
    lazy: page(() => import('./routes/verify-email')),
    HydrateFallback: LoadingScreen,
  },
  {
    path: paths.forgotPassword,
    lazy: formPage(() => import('./routes/forgot-password')),
    HydrateFallback: LoadingScreen,
  },
  {
    path: paths.resetPassword,
    lazy: formPage(() => import('./routes/reset-password')),
    HydrateFallback: LoadingScreen,
  },
  {
    path: paths.setup,
    lazy: formPage(() => import('./routes/setup')),
    HydrateFallback: LoadingScreen,
  },
  {
    path: paths.dashboard,
    lazy: page(() => import('./routes/dash')),
    HydrateFallback: LoadingScreen,
    children: [
      { index: true, lazy: page(() => import('./routes/dash-overview')) },
      { path: paths.profile, lazy: page(() => import('./routes/dash-profile')) },
      { path: paths.bookings, lazy: page(() => import('./routes/dash-bookings')) },
      {
        path: `${paths.bookings}/:id`,
        lazy: page(() => import('./routes/dash-booking')),
      },
      { path: paths.payments, lazy: page(() => import('./routes/dash-payments')) },
      { path: paths.tasks, lazy: page(() => import('./routes/dash-tasks')) },
    ],
  },
  {
    path: `${paths.payments}/:id/receipt`,
    lazy: page(() => import('./routes/payment-receipt')),
    HydrateFallback: LoadingScreen,
  },
  {
    path: `${paths.waitlistOffers}/:token`,
    lazy: page(() => import('./routes/waitlist-offer')),
    HydrateFallback: LoadingScreen,
  },
  {
    path: paths.admin.root,
    lazy: page(() => import('./routes/admin')),
    HydrateFallback: LoadingScreen,
    children: [
      // Redirected by a loader, in the same navigation: /admin is never drawn with an empty outlet,
      // and a click in the area's navigation cannot race a redirect still to come. `replace`, not
      // `redirect`: opened by its address, /admin leaves the history, so Back does not return to it.
      { index: true, loader: () => replace(paths.admin.upcoming) },
      { path: paths.admin.upcoming, lazy: page(() => import('./routes/admin-upcoming')) },
      { path: paths.admin.metrics, lazy: page(() => import('./routes/admin-metrics')) },
      { path: paths.admin.bookings, lazy: page(() => import('./routes/admin-bookings')) },
      { path: paths.admin.payments, lazy: page(() => import('./routes/admin-payments')) },
      { path: paths.admin.tasks, lazy: page(() => import('./routes/admin-tasks')) },
      { path: paths.admin.messages, lazy: page(() => import('./routes/admin-messages')) },
      { path: paths.admin.users, lazy: page(() => import('./routes/admin-users')) },
      { path: paths.admin.config, lazy: page(() => import('./routes/admin-config')) },
      { path: paths.admin.system, lazy: page(() => import('./routes/admin-system')) },
      { path: paths.admin.profile, lazy: page(() => import('./routes/admin-profile')) },
    ],
  },
];
