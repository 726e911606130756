/**
 * The owner's calendars (decision 059): adding (at most CALENDAR_SOURCES_MAX), changing, removing
 * and reading them on demand. Every change is in the audit log with the calendar's label and its
 * address's host only: the whole address is a key to the calendar. Event titles are shown by these
 * admin routes and the owner's slot preview only.
 */
import {
  CALENDAR_FAILING_WARN_HOURS,
  CALENDAR_LIMIT_PROBLEM_TYPE,
  CALENDAR_SOURCE_MESSAGES as M,
  CALENDAR_SOURCES_MAX,
  HOUR_MS,
  type CalendarReadErrorCode,
  type CalendarRefresh,
  type CalendarSource,
  type CalendarSources,
  type calendarSourceInputSchema,
  type calendarSourceUpdateSchema,
  type FailingCalendar,
} from '@consult/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { auditChange, insertAuditEntry, isEmptyChange } from '../audit';
import { CalendarFetchError, checkCalendarAddress } from './fetch-calendar';
import { refreshCalendarSource, type RefreshDeps, type RefreshOutcome } from './source-refresh';
import {
  countSources,
  deleteSource,
  findSource,
  insertSource,
  listFailingSources,
  listSources,
  lockSource,
  lockSourceAdditions,
  replaceBusyRanges,
  updateSource,
  type CalendarSourceSummary,
  type SourceWithCount,
} from './source-repository';

type SourceInput = z.output<typeof calendarSourceInputSchema>;
type SourceUpdate = z.output<typeof calendarSourceUpdateSchema>;

function lastError(row: CalendarSourceSummary): CalendarSource['lastError'] {
  return row.lastErrorCode
    ? { code: row.lastErrorCode as CalendarReadErrorCode, message: row.lastErrorMessage ?? '' }
    : null;
}

function toView(row: SourceWithCount): CalendarSource {
  return {
    id: row.id,
    label: row.label,
    url: row.url,
    options: { blockAllDay: row.blockAllDay, blockEverything: row.blockEverything },
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastError: lastError(row),
    failingSince: row.failingSince?.toISOString() ?? null,
    eventsRead: row.eventsRead,
    busyRanges: row.busyRanges,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a calendar: its address's host, not the address (a key). */
function audited(row: {
  label: string;
  url: string;
  blockAllDay: boolean;
  blockEverything: boolean;
}) {
  let host = '';
  try {
    host = checkCalendarAddress(row.url, true).host;
  } catch {
    host = '';
  }
  return {
    label: row.label,
    host,
    blockAllDay: row.blockAllDay,
    blockEverything: row.blockEverything,
  };
}

/** The server's reading policy for an address, as a 400 on the `url` field. */
function checkAddressOr400(url: string, allowPrivate: boolean): void {
  try {
    checkCalendarAddress(url, allowPrivate);
  } catch (error) {
    if (!(error instanceof CalendarFetchError)) throw error;
    const message =
      error.code === 'refused_scheme'
        ? M.urlScheme
        : error.code === 'refused_address'
          ? M.urlAddress
          : M.urlInvalid;
    throw new HttpProblem(400, message, { errors: { url: [message] } });
  }
}

async function findOr404(db: Db, id: string): Promise<SourceWithCount> {
  const row = isUuid(id) ? await findSource(db, id) : undefined;
  if (!row) throw new HttpProblem(404, M.notFound);
  return row;
}

export async function listCalendarSources(db: Db): Promise<CalendarSources> {
  const rows = await listSources(db);
  return { calendars: rows.map(toView), max: CALENDAR_SOURCES_MAX };
}

async function refreshAnswer(
  deps: RefreshDeps,
  id: string,
  outcome: RefreshOutcome | undefined,
): Promise<CalendarRefresh> {
  // Removed while it was read: the same 404 as any unknown calendar.
  if (!outcome) throw new HttpProblem(404, M.notFound);
  return { calendar: toView(await findOr404(deps.db, id)), result: outcome };
}

/** Adds a calendar and reads it at once; the answer says what the first read found. */
export async function addCalendarSource(
  deps: RefreshDeps,
  actorId: string,
  input: SourceInput,
): Promise<CalendarRefresh> {
  checkAddressOr400(input.url, deps.calendarReading.allowPrivate);
  const row = await deps.db.transaction(async (tx) => {
    await lockSourceAdditions(tx);
    if ((await countSources(tx)) >= CALENDAR_SOURCES_MAX) {
      throw new HttpProblem(409, M.tooMany, { type: CALENDAR_LIMIT_PROBLEM_TYPE });
    }
    const added = await insertSource(
      tx,
      {
        label: input.label,
        url: input.url,
        blockAllDay: input.options.blockAllDay,
        blockEverything: input.options.blockEverything,
      },
      deps.clock(),
    );
    await insertAuditEntry(tx, {
      actorId,
      action: 'calendar.add',
      target: added.id,
      details: { ...auditChange(null, audited(added)) },
    });
    return added;
  });
  return refreshAnswer(deps, row.id, await refreshCalendarSource(deps, row.id));
}

/**
 * Changes a calendar's label, address or options. A new address drops the old one's ranges and
 * copy; a new address or new options are read at once, so the answer shows their effect.
 */
export async function updateCalendarSource(
  deps: RefreshDeps,
  actorId: string,
  id: string,
  input: SourceUpdate,
): Promise<CalendarSource> {
  if (input.url !== undefined) checkAddressOr400(input.url, deps.calendarReading.allowPrivate);
  await findOr404(deps.db, id);
  const reread = await deps.db.transaction(async (tx) => {
    const before = await lockSource(tx, id);
    if (!before) throw new HttpProblem(404, M.notFound);
    const after = {
      label: input.label ?? before.label,
      url: input.url ?? before.url,
      blockAllDay: input.options?.blockAllDay ?? before.blockAllDay,
      blockEverything: input.options?.blockEverything ?? before.blockEverything,
    };
    const newAddress = after.url !== before.url;
    const newOptions =
      after.blockAllDay !== before.blockAllDay || after.blockEverything !== before.blockEverything;
    const change = auditChange(audited(before), {
      ...audited(after),
      // The host alone may stay the same when the address changes.
      ...(newAddress && { addressChanged: true }),
    });
    if (isEmptyChange(change) && !newAddress) return false;
    await updateSource(tx, id, {
      ...after,
      updatedAt: deps.clock(),
      ...(newAddress && {
        body: null,
        etag: null,
        lastModified: null,
        eventsRead: null,
        expandedUntil: null,
        expansionKey: null,
        rangesDigest: null,
        lastSuccessAt: null,
        lastErrorCode: null,
        lastErrorMessage: null,
        failingSince: null,
        failureMailSent: false,
      }),
    });
    if (newAddress) await replaceBusyRanges(tx, id, []);
    await insertAuditEntry(tx, {
      actorId,
      action: 'calendar.update',
      target: id,
      details: { ...change },
    });
    return newAddress || newOptions;
  });
  if (reread) await refreshCalendarSource(deps, id);
  return toView(await findOr404(deps.db, id));
}

export async function removeCalendarSource(
  deps: Pick<AppDeps, 'db'>,
  actorId: string,
  id: string,
): Promise<void> {
  const row = await findOr404(deps.db, id);
  await deps.db.transaction(async (tx) => {
    if (!(await deleteSource(tx, id))) throw new HttpProblem(404, M.notFound);
    await insertAuditEntry(tx, {
      actorId,
      action: 'calendar.remove',
      target: id,
      details: { ...auditChange(audited(row), null) },
    });
  });
}

/** Reads a calendar now (the owner's "Refresh"); the answer says what the read did. */
export async function refreshCalendarNow(deps: RefreshDeps, id: string): Promise<CalendarRefresh> {
  await findOr404(deps.db, id);
  return refreshAnswer(deps, id, await refreshCalendarSource(deps, id));
}

/** Calendars not read for CALENDAR_FAILING_WARN_HOURS or more, for /admin/system. */
export async function failingCalendars(
  deps: Pick<AppDeps, 'db' | 'clock'>,
): Promise<FailingCalendar[]> {
  const since = new Date(deps.clock().getTime() - CALENDAR_FAILING_WARN_HOURS * HOUR_MS);
  const rows = await listFailingSources(deps.db, since);
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    failingSince: row.failingSince!.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastError: lastError(row),
  }));
}
