/**
 * A client's timeline on their panel: bookings and their changes, payments and refunds, tasks,
 * contact messages and notes, newest first and grouped by day, each linking to where it is handled.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import {
  adminBookingPath,
  adminMessagePath,
  adminPaymentPath,
  adminTaskPath,
  CLIENT_RECORD_TIMELINE_LIMIT,
  type TimelineEntry,
  type TimelineKind,
} from '@consult/shared';
import { formatLongDate, formatTime } from '../../lib/date-time';

const KIND_LABELS: Record<TimelineKind, string> = {
  booking: 'Booking',
  payment: 'Payment',
  task: 'Task',
  message: 'Message',
  note: 'Note',
};

const KIND_TONES: Record<TimelineKind, string> = {
  booking: 'bg-brand-soft text-brand-strong',
  payment: 'bg-success-soft text-success',
  task: 'bg-accent-soft text-ink',
  message: 'bg-line/60 text-ink',
  note: 'bg-line/60 text-ink',
};

/** Where an entry is handled; notes are on this page already. */
function targetPath(entry: TimelineEntry, clientId: string): string | null {
  switch (entry.kind) {
    case 'booking':
      return adminBookingPath(entry.targetId);
    case 'payment':
      return adminPaymentPath(entry.targetId);
    case 'task':
      return adminTaskPath(entry.targetId, clientId);
    case 'message':
      return adminMessagePath(entry.targetId);
    case 'note':
      return null;
  }
}

/** Consecutive entries of the same day in `timeZone`, in order, under the day's name. */
function byDay(
  entries: TimelineEntry[],
  timeZone: string,
): { day: string; entries: TimelineEntry[] }[] {
  const groups: { day: string; entries: TimelineEntry[] }[] = [];
  for (const entry of entries) {
    const day = formatLongDate(entry.at, timeZone);
    const last = groups.at(-1);
    if (last && last.day === day) last.entries.push(entry);
    else groups.push({ day, entries: [entry] });
  }
  return groups;
}

const linkClasses = 'font-semibold text-brand underline underline-offset-4 hover:text-brand-strong';

export function ClientTimelineSection({
  clientId,
  timeline,
  timeZone,
}: {
  clientId: string;
  timeline: TimelineEntry[];
  /** The owner's zone, for days and times. */
  timeZone: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-line pt-5">
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        Timeline
      </h3>
      {timeline.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-3 text-muted">
          Nothing has happened yet. Bookings, payments, tasks, messages and notes will show here.
        </p>
      ) : (
        <>
          {byDay(timeline, timeZone).map((group) => (
            <div key={group.day} className="flex flex-col gap-2">
              <h4 className="text-sm font-semibold text-muted">{group.day}</h4>
              <ol className="flex flex-col gap-2 border-l-2 border-line pl-4">
                {group.entries.map((entry) => {
                  const to = targetPath(entry, clientId);
                  return (
                    <li key={entry.id} className="flex flex-col gap-0.5">
                      <div className="flex flex-wrap items-center gap-2 text-sm">
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${KIND_TONES[entry.kind]}`}
                        >
                          {KIND_LABELS[entry.kind]}
                        </span>
                        <time dateTime={entry.at} className="text-muted">
                          {formatTime(entry.at, timeZone)}
                        </time>
                      </div>
                      {to ? (
                        <Link to={to} className={`${linkClasses} wrap-anywhere`}>
                          {entry.title}
                        </Link>
                      ) : (
                        <span className="font-semibold wrap-anywhere text-ink">{entry.title}</span>
                      )}
                      {entry.summary && (
                        <span className="text-sm wrap-anywhere text-muted">{entry.summary}</span>
                      )}
                    </li>
                  );
                })}
              </ol>
            </div>
          ))}
          {timeline.length >= CLIENT_RECORD_TIMELINE_LIMIT && (
            <p className="text-sm text-muted">
              The latest {CLIENT_RECORD_TIMELINE_LIMIT} entries are shown.
            </p>
          )}
        </>
      )}
    </section>
  );
}
