/** Every route of the site, named once. */
export const paths = {
  home: '/',
  signIn: '/signin',
  signUp: '/signup',
  verifyEmail: '/verifyEmail',
  forgotPassword: '/forgotPassword',
  resetPassword: '/resetPassword',
  consultation: '/consultation',
  terms: '/terms-and-conditions',
  dashboard: '/dash',
  profile: '/dash/profile',
  bookings: '/dash/bookings',
  admin: {
    root: '/admin',
    upcoming: '/admin/upcoming',
    metrics: '/admin/metrics',
    bookings: '/admin/bookings',
    users: '/admin/users',
    system: '/admin/system',
    config: '/admin/config',
  },
} as const;

/** Paths the web app renders; anything else is the not-found page (served with status 404). */
export function isKnownAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === paths.dashboard || path.startsWith(`${paths.dashboard}/`)) return true;
  if (path === paths.admin.root || path.startsWith(`${paths.admin.root}/`)) return true;
  const topLevel: string[] = [
    paths.home,
    paths.signIn,
    paths.signUp,
    paths.verifyEmail,
    paths.forgotPassword,
    paths.resetPassword,
    paths.consultation,
    paths.terms,
  ];
  return topLevel.includes(path);
}
