/** Every route of the site, named once. */
export const paths = {
  home: '/',
  signIn: '/signin',
  signUp: '/signup',
  verifyEmail: '/verifyEmail',
  forgotPassword: '/forgotPassword',
  resetPassword: '/resetPassword',
  setup: '/setup',
  consultation: '/consultation',
  terms: '/terms-and-conditions',
  dashboard: '/dash',
  profile: '/dash/profile',
  bookings: '/dash/bookings',
  payments: '/dash/payments',
  tasks: '/dash/tasks',
  /** A freed time offered to a waitlist client: `/waitlist/offers/<token>`. */
  waitlistOffers: '/waitlist/offers',
  admin: {
    root: '/admin',
    upcoming: '/admin/upcoming',
    metrics: '/admin/metrics',
    bookings: '/admin/bookings',
    payments: '/admin/payments',
    tasks: '/admin/tasks',
    messages: '/admin/messages',
    users: '/admin/users',
    system: '/admin/system',
    config: '/admin/config',
    /** The owner's own account: details, password, two-factor sign-in, signed-in sessions. */
    profile: '/admin/profile',
  },
} as const;

/** The booking page of one service: the service's web address, named by its address name. */
export function consultationPathFor(slug: string): string {
  return `${paths.consultation}?service=${encodeURIComponent(slug)}`;
}

/** A payment's printable receipt, as the receipt mail links it. */
export function receiptPath(paymentId: string): string {
  return `${paths.payments}/${encodeURIComponent(paymentId)}/receipt`;
}

/** A freed time offered to a waitlist client, as the offer mail links it (issue 25). */
export function waitlistOfferPath(token: string): string {
  return `${paths.waitlistOffers}/${encodeURIComponent(token)}`;
}

/** One of the client's bookings on its own page (/dash/bookings/:id). */
export function clientBookingPath(bookingId: string): string {
  return `${paths.bookings}/${encodeURIComponent(bookingId)}`;
}

/** One payment opened in the owner's payments screen (its detail panel). */
export function adminPaymentPath(paymentId: string): string {
  return `${paths.admin.payments}?payment=${encodeURIComponent(paymentId)}`;
}

/** One booking opened in the owner's bookings screen (its detail panel). */
export function adminBookingPath(bookingId: string): string {
  return `${paths.admin.bookings}?booking=${encodeURIComponent(bookingId)}`;
}

/** One task opened in the owner's tasks screen, in its client's list of all their tasks. */
export function adminTaskPath(taskId: string, clientId: string): string {
  return `${paths.admin.tasks}?client=${encodeURIComponent(clientId)}&status=all&task=${encodeURIComponent(taskId)}`;
}

/** One contact message opened in the owner's inbox. */
export function adminMessagePath(messageId: string): string {
  return `${paths.admin.messages}?message=${encodeURIComponent(messageId)}`;
}

/** One user opened in the owner's users screen. */
export function adminUserPath(userId: string): string {
  return `${paths.admin.users}?user=${encodeURIComponent(userId)}`;
}

/** The sign-up page with the e-mail field filled in, as the contact inbox's invitation links it. */
export function signUpPathFor(email: string): string {
  return `${paths.signUp}?email=${encodeURIComponent(email)}`;
}

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
    paths.setup,
    paths.consultation,
    paths.terms,
  ];
  return topLevel.includes(path);
}
