/**
 * The calendar feeds (decision 058): making, rotating and revoking an address, and answering a
 * calendar app's read of it. An unknown and a revoked address answer the same 404.
 */
import { createHash } from 'node:crypto';
import {
  BOOKING_RULE_BOUNDS,
  CALENDAR_FEED_CANCELLED_DAYS,
  CALENDAR_FEED_MESSAGES,
  CALENDAR_FEED_PAST_DAYS,
  calendarFeedPath,
  DAY_MS,
  type CalendarFeedView,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import { HttpProblem } from '../../plugins/errors';
import { insertAuditEntry } from '../audit';
import { bookingMailOwner } from '../bookings';
import {
  deleteFeed,
  findFeed,
  findFeedByTokenHash,
  listFeedBookings,
  recordFeedContent,
  saveFeedToken,
  type CalendarFeedRow,
  type FeedOwner,
} from './feed-repository';
import { feedCalendar } from './feed-ics';
import { feedTokenHash, newFeedToken } from './feed-tokens';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'>;

/** The owner's feed is the practice's: its changes are recorded in the audit log. */
const OWNER_FEED_TARGET = 'calendar-feed';

function view(row: CalendarFeedRow | undefined, url: string | null = null): CalendarFeedView {
  return { active: row !== undefined, createdAt: row?.createdAt.toISOString() ?? null, url };
}

export async function calendarFeedView(deps: Deps, owner: FeedOwner): Promise<CalendarFeedView> {
  return view(await findFeed(deps.db, owner));
}

/**
 * Makes the feed's address, or replaces it (the old one stops working at once). The answer is the
 * only time the address is shown: the database keeps its digest only.
 */
export async function rotateCalendarFeed(
  deps: Deps,
  actorId: string,
  owner: FeedOwner,
  origin: string,
): Promise<CalendarFeedView> {
  const { token, tokenHash } = newFeedToken();
  const row = await deps.db.transaction(async (tx) => {
    const saved = await saveFeedToken(tx, owner, tokenHash, deps.clock());
    if (owner.kind === 'owner') {
      await insertAuditEntry(tx, {
        actorId,
        action: 'calendar_feed.rotate',
        target: OWNER_FEED_TARGET,
        details: {},
      });
    }
    return saved;
  });
  return view(row, `${origin}${calendarFeedPath(token)}`);
}

export async function revokeCalendarFeed(
  deps: Deps,
  actorId: string,
  owner: FeedOwner,
): Promise<CalendarFeedView> {
  await deps.db.transaction(async (tx) => {
    const revoked = await deleteFeed(tx, owner);
    if (revoked && owner.kind === 'owner') {
      await insertAuditEntry(tx, {
        actorId,
        action: 'calendar_feed.revoke',
        target: OWNER_FEED_TARGET,
        details: {},
      });
    }
  });
  return view(undefined);
}

export interface FeedAnswer {
  body: string;
  /** A weak tag: the same events may leave compressed or not. */
  etag: string;
  lastModified: Date;
}

/**
 * The feed at `fileName` (`<token>.ics`): held and confirmed bookings that start from 30 days back
 * to the furthest a booking can be made, and cancelled ones for 30 days after they were withdrawn.
 */
export async function readCalendarFeed(deps: Deps, fileName: string): Promise<FeedAnswer> {
  const tokenHash = feedTokenHash(fileName);
  const feed = tokenHash ? await findFeedByTokenHash(deps.db, tokenHash) : undefined;
  if (!feed) throw new HttpProblem(404, CALENDAR_FEED_MESSAGES.notFound);

  const now = deps.clock().getTime();
  const bookings = await listFeedBookings(deps.db, {
    clientId: feed.clientId ?? undefined,
    from: new Date(now - CALENDAR_FEED_PAST_DAYS * DAY_MS),
    // The owner may book outside the rules up to the longest horizon, and a shortened horizon
    // keeps the bookings already made: the feed ends where no booking can lie beyond.
    to: new Date(now + (BOOKING_RULE_BOUNDS.horizonDays[1] + 1) * DAY_MS),
    withdrawnSince: new Date(now - CALENDAR_FEED_CANCELLED_DAYS * DAY_MS),
  });
  const owner = await bookingMailOwner(deps, deps.db);
  const body = feedCalendar({
    audience: feed.kind,
    bookings,
    ownerName: owner.name,
    timeZone: owner.timeZone,
    appUrl: deps.config.APP_URL,
  });
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  let lastModified = feed.contentChangedAt ?? feed.createdAt;
  if (feed.contentTag !== etag) {
    // The first read that sees new content dates it: Last-Modified never claims an older time.
    lastModified = new Date(now);
    await recordFeedContent(deps.db, feed.id, etag, lastModified);
  }
  return { body, etag, lastModified };
}

/**
 * Whether a conditional read may be answered 304 (RFC 9110 §13.2.2): If-None-Match by weak
 * comparison when present, otherwise If-Modified-Since at whole seconds.
 */
export function isNotModified(
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string },
  answer: Pick<FeedAnswer, 'etag' | 'lastModified'>,
): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return (
      ifNoneMatch.trim() === '*' ||
      ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(answer.etag))
    );
  }
  const since = Date.parse(headers['if-modified-since'] ?? '');
  if (Number.isNaN(since)) return false;
  return Math.floor(answer.lastModified.getTime() / 1000) * 1000 <= since;
}
