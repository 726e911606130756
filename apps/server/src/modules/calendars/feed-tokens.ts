/**
 * A feed's secret address: 32 random bytes (256 bits) in the URL, only their SHA-256 digest in the
 * database, so a copy of the database opens no calendar.
 */
import { randomToken, sha256Hex } from '../auth';

/** The token's shape in a feed's file name: 32 bytes as base64url. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export function newFeedToken(): { token: string; tokenHash: string } {
  const token = randomToken();
  return { token, tokenHash: sha256Hex(token) };
}

/** The digest to look a feed's file name (`<token>.ics`) up by; null for a name no token has. */
export function feedTokenHash(fileName: string): string | null {
  const token = FEED_FILE.exec(fileName)?.[1];
  return token ? sha256Hex(token) : null;
}
