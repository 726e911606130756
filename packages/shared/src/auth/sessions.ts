/**
 * The signed-in sessions of an account (decision 044): GET /api/user/sessions, ending one
 * (DELETE /api/user/sessions/:id) and ending all but this one (POST /api/user/sessions/revoke-others).
 */
import { z } from 'zod';

export const SESSION_MESSAGES = {
  notFound: 'No such session: it may have ended already.',
  /** The device text of a session whose browser sent no User-Agent, or one no parser knows. */
  unknownDevice: 'Unknown device',
} as const;

export const signedInSessionSchema = z.object({
  /** The session's id: the refresh-token family, as access tokens carry it in `sid`. */
  id: z.string(),
  /** The User-Agent header the browser sent when the session was last refreshed; null if none. */
  userAgent: z.string().nullable(),
  /** Browser and system in words, read from the user agent: "Chrome on macOS". */
  device: z.string(),
  createdAt: z.string(),
  /** The last refresh, or the last request, to within a few minutes (decision 044). */
  lastUsedAt: z.string(),
  /**
   * The address the session was last used from, shortened (IPv4 to /24: "203.0.113.x", IPv6 to
   * /48: "2001:db8:85a3:…"). The full address is never stored. Null for sessions from before the
   * server recorded it.
   */
  ip: z.string().nullable(),
  /** The session of the access token that asked. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

export const signedInSessionsSchema = z.object({ sessions: z.array(signedInSessionSchema) });
export type SignedInSessions = z.infer<typeof signedInSessionsSchema>;

/** Any text up to 100 characters: an id that is no session of this account is simply not found. */
export const sessionParamsSchema = z.object({ id: z.string().max(100) });

export const sessionsEndedSchema = z.object({
  /** How many other sessions were live and are ended now. */
  ended: z.number().int(),
});
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
