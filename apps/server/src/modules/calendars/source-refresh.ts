/**
 * Reading the owner's calendars into busy ranges (decision 059): on a schedule (the job below,
 * every CALENDAR_REFRESH_MINUTES, each calendar on its own jittered turn) and on demand. A read
 * sends the last good copy's validators; a 304 or the same text costs no parse while the stored
 * expansion still covers the horizon with the same zone and options. New ranges replace a
 * calendar's old ones in one transaction, which notifies 'availability_changed' (migration 0023);
 * ranges equal to the stored ones are not written, so an unchanged calendar keeps the availability
 * cache. A failed read keeps the last good ranges and records the error; a calendar failing for
 * CALENDAR_FAILING_WARN_HOURS mails the owner once, until it reads again.
 */
import { createHash } from 'node:crypto';
import {
  CALENDAR_FAILING_WARN_HOURS,
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  type CalendarReadError,
  type CalendarReadErrorCode,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Job } from '../../jobs/job-runner';
import { loadSchedulingSettings } from '../bookings';
import { ownerMailAddresses } from '../users';
import { CalendarFetchError, fetchCalendar, type CalendarFetchResult } from './fetch-calendar';
import { busyWindow, CalendarParseError, expandCalendarBusy } from './ics-expand';
import { calendarFailingMail } from './source-mails';
import {
  claimDueSources,
  findSourceForRefresh,
  lockSource,
  markFailureMailSent,
  replaceBusyRanges,
  updateSource,
  type CalendarSourceRow,
  type StoredBusyRange,
} from './source-repository';

/** How the owner's calendars are read: from the configuration; tests lower the timeout. */
export interface CalendarReading {
  /** CALENDAR_FETCH_ALLOW_PRIVATE. */
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  /** CALENDAR_REFRESH_MINUTES, in milliseconds. */
  refreshIntervalMs: number;
}

export type RefreshDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'log' | 'mailer' | 'config' | 'calendarReading'
>;

export interface RefreshOutcome {
  status: 'updated' | 'unchanged' | 'failed';
  eventsRead: number | null;
  busyRanges: number;
  error: CalendarReadError | null;
}

/** Each calendar's next turn is its interval ± this share, so calendars and nodes spread out. */
export const CALENDAR_REFRESH_JITTER = 0.1;
/** Ranges are expanded this far past the bookable stretch, so the horizon's daily move needs no parse. */
const EXPANSION_MARGIN_DAYS = 7;
/** The bookable stretch reaches two days past the horizon (bookings' `bookableStretch`). */
const STRETCH_EXTRA_DAYS = 2;

export function nextRefreshAt(now: Date, intervalMs: number, random = Math.random): Date {
  const factor = 1 + CALENDAR_REFRESH_JITTER * (2 * random() - 1);
  return new Date(now.getTime() + Math.round(intervalMs * factor));
}

function withoutNul(text: string): string {
  return text.replaceAll('\u0000', '');
}

function digestOf(ranges: readonly StoredBusyRange[]): string {
  const hash = createHash('sha256');
  for (const range of ranges) {
    hash.update(`${range.startAt.getTime()}/${range.endAt.getTime()}/${range.summary}\n`);
  }
  return hash.digest('base64url');
}

/** A read that failed: what the owner is shown, and what the row keeps. */
function readError(error: unknown): CalendarReadError | undefined {
  if (error instanceof CalendarFetchError) {
    return { code: error.code as CalendarReadErrorCode, message: error.message };
  }
  if (error instanceof CalendarParseError) return { code: 'unreadable', message: error.message };
  return undefined;
}

/**
 * Reads one calendar now. Undefined when it does not exist (or went while being read). Database
 * failures are thrown; a calendar's own failures are recorded and answered as `failed`.
 */
export async function refreshCalendarSource(
  deps: RefreshDeps,
  id: string,
): Promise<RefreshOutcome | undefined> {
  const source = await findSourceForRefresh(deps.db, id);
  if (!source) return undefined;
  const now = deps.clock();
  const { rules } = await loadSchedulingSettings(deps.db, deps.log);
  const reading = deps.calendarReading;

  let fetched: CalendarFetchResult;
  try {
    fetched = await fetchCalendar(source.url, {
      previous: source.body ? { etag: source.etag, lastModified: source.lastModified } : undefined,
      allowPrivate: reading.allowPrivate,
      timeoutMs: reading.timeoutMs,
      maxBytes: reading.maxBytes,
    });
  } catch (error) {
    const failure = readError(error);
    if (!failure) throw error;
    return recordFailure(deps, source, now, rules.timeZone, failure);
  }

  const body = fetched.kind === 'unchanged' ? source.body! : withoutNul(fetched.body);
  const sameText = fetched.kind === 'unchanged' || body === source.body;
  const expansionKey = JSON.stringify([rules.timeZone, source.blockAllDay, source.blockEverything]);
  const neededUntil = now.getTime() + (rules.horizonDays + STRETCH_EXTRA_DAYS) * DAY_MS;
  const validators =
    fetched.kind === 'fetched' ? { etag: fetched.etag, lastModified: fetched.lastModified } : {};
  const success = {
    ...validators,
    lastAttemptAt: now,
    lastSuccessAt: now,
    lastErrorCode: null,
    lastErrorMessage: null,
    failingSince: null,
    failureMailSent: false,
    nextRefreshAt: nextRefreshAt(now, reading.refreshIntervalMs),
  };

  if (
    sameText &&
    source.expansionKey === expansionKey &&
    source.expandedUntil !== null &&
    source.expandedUntil.getTime() >= neededUntil
  ) {
    const kept = await deps.db.transaction(async (tx) => {
      const current = await lockSource(tx, id);
      if (!current || current.url !== source.url) return false;
      await updateSource(tx, id, success);
      return true;
    });
    if (!kept) return undefined;
    return {
      status: 'unchanged',
      eventsRead: source.eventsRead,
      busyRanges: source.busyRanges,
      error: null,
    };
  }

  const window = busyWindow(now, rules.horizonDays + STRETCH_EXTRA_DAYS + EXPANSION_MARGIN_DAYS);
  let ranges: StoredBusyRange[];
  let eventsRead: number;
  try {
    const expansion = await expandCalendarBusy(body, {
      window,
      ownerZone: rules.timeZone,
      feed: { blockAllDay: source.blockAllDay, blockEverything: source.blockEverything },
    });
    if (expansion.truncated) {
      deps.log.warn({ calendar: id }, 'calendar: expansion stopped at its limits');
    }
    eventsRead = expansion.eventsRead;
    ranges = expansion.events
      .filter((event) => event.end.getTime() > event.start.getTime())
      .map((event) => ({
        startAt: event.start,
        endAt: event.end,
        summary: withoutNul(event.summary),
      }));
  } catch (error) {
    const failure = readError(error);
    if (!failure) throw error;
    return recordFailure(deps, source, now, rules.timeZone, failure);
  }

  const rangesDigest = digestOf(ranges);
  const changed = rangesDigest !== source.rangesDigest;
  const stored = await deps.db.transaction(async (tx) => {
    const current = await lockSource(tx, id);
    // Removed, or its address changed while it was read: this copy is not its calendar any more.
    if (!current || current.url !== source.url) return false;
    if (changed) await replaceBusyRanges(tx, id, ranges);
    await updateSource(tx, id, {
      ...success,
      ...(sameText ? {} : { body }),
      eventsRead,
      expandedUntil: window.end,
      expansionKey,
      rangesDigest,
    });
    return true;
  });
  if (!stored) return undefined;
  return {
    status: changed ? 'updated' : 'unchanged',
    eventsRead,
    busyRanges: ranges.length,
    error: null,
  };
}

async function recordFailure(
  deps: RefreshDeps,
  source: CalendarSourceRow & { busyRanges: number },
  now: Date,
  timeZone: string,
  failure: CalendarReadError,
): Promise<RefreshOutcome | undefined> {
  deps.log.info({ calendar: source.id, code: failure.code }, 'calendar: read failed');
  const recorded = await deps.db.transaction(async (tx) => {
    const current = await lockSource(tx, source.id);
    if (!current || current.url !== source.url) return false;
    const failingSince = current.failingSince ?? now;
    await updateSource(tx, source.id, {
      lastAttemptAt: now,
      nextRefreshAt: nextRefreshAt(now, deps.calendarReading.refreshIntervalMs),
      lastErrorCode: failure.code,
      lastErrorMessage: failure.message,
      failingSince,
    });
    const warnFrom = now.getTime() - CALENDAR_FAILING_WARN_HOURS * HOUR_MS;
    if (failingSince.getTime() <= warnFrom && !current.failureMailSent) {
      const marked = await markFailureMailSent(tx, [source.id]);
      if (marked.length > 0) {
        const mail = {
          label: current.label,
          failingSince,
          lastSuccessAt: current.lastSuccessAt,
          error: failure,
          appUrl: deps.config.APP_URL,
          timeZone,
        };
        for (const to of await ownerMailAddresses(tx, deps.config.OWNER_EMAIL ?? null)) {
          await deps.mailer.queueMail(calendarFailingMail({ to, ...mail }), tx);
        }
      }
    }
    return true;
  });
  if (!recorded) return undefined;
  return {
    status: 'failed',
    eventsRead: source.eventsRead,
    busyRanges: source.busyRanges,
    error: failure,
  };
}

/** How often the job looks for calendars due: each calendar's own turn is its interval, jittered. */
const JOB_TICK_MS = MINUTE_MS;

/** Reads every calendar whose turn has come; each calendar's failure is its own. */
export async function refreshDueCalendars(deps: RefreshDeps): Promise<void> {
  const interval = deps.calendarReading.refreshIntervalMs;
  const ids = await claimDueSources(deps.db, deps.clock(), () =>
    nextRefreshAt(deps.clock(), interval),
  );
  for (const id of ids) await refreshCalendarSource(deps, id);
}

export function calendarJobs(deps: RefreshDeps): Job[] {
  return [
    {
      name: 'calendar-refresh',
      intervalMs: Math.min(JOB_TICK_MS, deps.calendarReading.refreshIntervalMs),
      run: () => refreshDueCalendars(deps),
    },
  ];
}
