/** The product's fixed numbers, named once for the web app, the server and the tests. */
export const TOAST_AUTO_CLOSE_MS = 6000;
export const MOBILE_BREAKPOINT_PX = 768;
export const HEADER_SHADOW_THRESHOLD_PX = 50;
export const MOBILE_MENU_WIDTH_PERCENT = 80;
/** How long RTK Query keeps data nobody uses any more. */
export const CACHE_RETENTION_SECONDS = 60;

/** Time units in milliseconds, for instants and durations on both sides. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const LOADING_TEXT = 'Loading your experience...';

/** The API lives under this prefix on the site's own origin. */
export const API_BASE = '/api';

/**
 * The template in a page rendered on the server that holds the link to the whole stylesheet: the
 * page inlines only the CSS it uses, and the app adds the rest when it starts (decision 070).
 */
export const FULL_STYLESHEET_ID = 'full-stylesheet';
