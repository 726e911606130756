/**
 * The Web Lock every session refresh holds, in every tab and in both entries (the app and the
 * landing page): the refresh token rotates on use, and two refreshes racing with the same cookie
 * would end the session.
 */
export const REFRESH_LOCK = 'consult-session-refresh';
