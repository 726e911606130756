/**
 * The client's waitlist on /dash: what they wait for and until when, an offer open now with a link
 * to book it, and a button to leave. Nothing at all while they wait for nothing.
 */
import { Link } from 'react-router';
import {
  paths,
  waitlistOfferPath,
  WEEKDAYS,
  WEEKDAY_NAMES,
  type WaitlistEntry,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Pill } from '../../components/ui/pill';
import { LoadError, Skeleton } from '../../components/query-state';
import { formatDateTime, formatPlainDay, formatTime, zoneName } from '../../lib/date-time';
import { errorMessage } from '../../lib/problem';
import { useGetMyWaitlistQuery, useLeaveWaitlistMutation } from './waitlist-api';

const STATE_LABELS: Record<WaitlistEntry['state'], { label: string; tone: string }> = {
  active: { label: 'Waiting', tone: 'bg-accent-soft text-ink' },
  booked: { label: 'Booked', tone: 'bg-success-soft text-success' },
  left: { label: 'Left', tone: 'bg-line text-muted' },
  expired: { label: 'Ended', tone: 'bg-line text-muted' },
  removed: { label: 'Removed by the consultant', tone: 'bg-line text-muted' },
};

/** "Mondays and Thursdays, 09:00–12:00": what the entry waits for, in its own words. */
export function entryWindowText(entry: Pick<WaitlistEntry, 'weekdays' | 'fromTime' | 'toTime'>) {
  const days = entry.weekdays
    ? entry.weekdays.map((day) => `${WEEKDAY_NAMES[WEEKDAYS[day - 1]!]}s`).join(', ')
    : 'Any day';
  const hours =
    entry.fromTime && entry.toTime
      ? `, ${entry.fromTime}–${entry.toTime}`
      : entry.fromTime
        ? `, from ${entry.fromTime}`
        : entry.toTime
          ? `, ending by ${entry.toTime}`
          : '';
  return `${days}${hours}`;
}

export function WaitlistCard({ timeZone }: { timeZone: string }) {
  const { data, isLoading, error, refetch } = useGetMyWaitlistQuery();
  if (isLoading) {
    return (
      <Card title="Waitlist">
        <Skeleton label="Loading your waitlist" />
      </Card>
    );
  }
  if (!data) {
    return (
      <Card title="Waitlist">
        <LoadError what="your waitlist" error={error} onRetry={() => void refetch()} />
      </Card>
    );
  }
  if (data.entries.length === 0) return null;
  return (
    <Card title="Waitlist" description="Times you asked to hear about when they free up.">
      <ul className="divide-y divide-line" aria-label="Waitlist entries">
        {data.entries.map((entry) => (
          <EntryRow key={entry.id} entry={entry} timeZone={timeZone} />
        ))}
      </ul>
    </Card>
  );
}

function EntryRow({ entry, timeZone }: { entry: WaitlistEntry; timeZone: string }) {
  const [leave, { isLoading, error }] = useLeaveWaitlistMutation();
  const state = STATE_LABELS[entry.state];
  const offer = entry.openOffer;
  return (
    <li className="flex flex-col gap-2 py-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:items-center sm:gap-4">
        <span className="min-w-0 font-medium text-ink sm:flex-1">{entry.serviceTitle}</span>
        <span className="text-sm text-muted">
          {entryWindowText(entry)} ({zoneName(entry.timeZone)}), until{' '}
          {formatPlainDay(entry.latestDate)}
        </span>
        <span className="self-start sm:self-auto">
          <Pill tone={state.tone}>{offer ? 'Time offered' : state.label}</Pill>
        </span>
      </div>
      {offer && (
        <Alert tone="success" title="A time freed up for you">
          <p className="text-base">
            {`${formatDateTime(offer.start, timeZone)}, held for you until ${formatTime(offer.expiresAt, timeZone)}.`}
          </p>
          <Link to={waitlistOfferPath(offer.token)} className={`${buttonClasses('primary')} mt-3`}>
            See the offered time
          </Link>
        </Alert>
      )}
      {entry.state === 'active' && (
        <div>
          <Button
            variant="ghost"
            disabled={isLoading}
            aria-label={`Leave the waitlist for ${entry.serviceTitle}`}
            onClick={() => void leave(entry.id)}
          >
            {isLoading ? 'Leaving…' : 'Leave the waitlist'}
          </Button>
        </div>
      )}
      {error && <Alert tone="error">{errorMessage(error)}</Alert>}
      {entry.state !== 'active' && entry.state !== 'booked' && (
        <p className="text-sm text-muted">
          <Link to={`${paths.consultation}#waitlist`} className="underline">
            Join again
          </Link>
        </p>
      )}
    </li>
  );
}
