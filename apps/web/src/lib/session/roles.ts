/** The roles the web app tells apart. Free of Redux, so the landing page's own entry can use it. */
export const ADMIN_ROLE = 'admin';

/** Where a signed-in person belongs by default: the admin area for admins, the dashboard otherwise. */
export function homeForRole(role: string) {
  return role === ADMIN_ROLE ? '/admin' : '/dash';
}
