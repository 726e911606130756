/**
 * Cookie names shared by the server (sets them) and the browser (reads `sessionHint`); a module of
 * their own, so the landing page's first script reads the name without the account texts.
 */
export const REFRESH_COOKIE = 'refreshToken';
export const SESSION_HINT_COOKIE = 'sessionHint';
