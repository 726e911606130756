/**
 * The owner's own calendars whose events block slots (decision 059), on /admin/config's Calendars
 * tab: each with when it was last read and why the last read failed, read now, change, remove, and
 * adding one (at most CALENDAR_SOURCES_MAX).
 */
import { useState } from 'react';
import { toast } from 'sonner';
import {
  CALENDAR_READ_ERROR_MESSAGES,
  CALENDAR_SOURCE_MESSAGES,
  type CalendarSource,
} from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatMoment } from '../../lib/date-time';
import { errorMessage } from '../../lib/problem';
import {
  useAddCalendarSourceMutation,
  useListCalendarSourcesQuery,
  useRefreshCalendarSourceMutation,
  useRemoveCalendarSourceMutation,
  useUpdateCalendarSourceMutation,
} from './calendar-sources-api';
import { CalendarSourceForm, type CalendarSourceValues } from './calendar-source-form';
import { countOf } from '../../lib/plural';

const NEW_CALENDAR: CalendarSourceValues = {
  label: '',
  url: '',
  options: { blockAllDay: true, blockEverything: false },
};

function ReadState({ calendar, timeZone }: { calendar: CalendarSource; timeZone: string }) {
  const read = calendar.lastSuccessAt
    ? `Read ${formatMoment(calendar.lastSuccessAt, timeZone)}: ${countOf(calendar.eventsRead ?? 0, 'event')}, ${countOf(calendar.busyRanges, 'busy time')}`
    : 'Not read yet';
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">{read}</p>
      {calendar.lastError && (
        <Alert tone="error" title={CALENDAR_READ_ERROR_MESSAGES[calendar.lastError.code]}>
          {calendar.lastError.message}
          {calendar.failingSince &&
            ` · failing since ${formatMoment(calendar.failingSince, timeZone)}`}
          {calendar.lastSuccessAt && '. Its last good copy still blocks your slots.'}
        </Alert>
      )}
    </div>
  );
}

function CalendarItem({
  calendar,
  timeZone,
  onRemove,
}: {
  calendar: CalendarSource;
  timeZone: string;
  onRemove: (calendar: CalendarSource) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [update] = useUpdateCalendarSourceMutation();
  const [refresh, refreshing] = useRefreshCalendarSourceMutation();
  if (editing) {
    return (
      <li className="px-4 py-4">
        <CalendarSourceForm
          initial={{ label: calendar.label, url: calendar.url, options: calendar.options }}
          submitLabel="Save calendar"
          busyLabel="Saving..."
          onCancel={() => setEditing(false)}
          onSave={async (values) => {
            const result = await update({ id: calendar.id, changes: values });
            if ('error' in result) return result.error ?? null;
            toast.success(CALENDAR_SOURCE_MESSAGES.saved);
            setEditing(false);
            return null;
          }}
        />
      </li>
    );
  }
  const readNow = async () => {
    const result = await refresh(calendar.id);
    if ('data' in result && result.data) {
      if (result.data.result.error) toast.error(CALENDAR_SOURCE_MESSAGES.refreshFailed);
      else toast.success(CALENDAR_SOURCE_MESSAGES.refreshed);
    }
  };
  return (
    <li className="flex flex-col gap-3 px-4 py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-ink">{calendar.label}</h3>
        <span className="min-w-0 break-all text-sm text-muted">{new URL(calendar.url).host}</span>
      </div>
      <ReadState calendar={calendar} timeZone={timeZone} />
      {refreshing.error && <Alert tone="error">{errorMessage(refreshing.error)}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" disabled={refreshing.isLoading} onClick={() => void readNow()}>
          {refreshing.isLoading ? 'Reading...' : 'Read now'}
        </Button>
        <Button variant="ghost" onClick={() => setEditing(true)}>
          Change
        </Button>
        <Button variant="ghost" onClick={() => onRemove(calendar)}>
          Remove
        </Button>
      </div>
    </li>
  );
}

/** `timeZone`: the owner's, for the times of the reads. */
export function CalendarSourcesCard({ timeZone }: { timeZone: string }) {
  const { data, error, isLoading, refetch } = useListCalendarSourcesQuery();
  const [add] = useAddCalendarSourceMutation();
  const [remove, removal] = useRemoveCalendarSourceMutation();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CalendarSource | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    const result = await remove(removing.id);
    if (!('error' in result)) {
      toast.success(CALENDAR_SOURCE_MESSAGES.removed);
      setRemoving(null);
    }
  };

  return (
    <Card
      title="Your calendars"
      description="Events in these calendars are never offered as free times, with your buffer around them. Each is read every few minutes; event titles are shown only to you."
    >
      {isLoading ? (
        <Skeleton lines={2} label="Loading your calendars" />
      ) : !data ? (
        <LoadError what="your calendars" error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          {data.calendars.length === 0 ? (
            <p className="text-base text-muted">No calendars yet.</p>
          ) : (
            <ul
              aria-label="Your calendars"
              className="divide-y divide-line rounded-lg border border-line"
            >
              {data.calendars.map((calendar) => (
                <CalendarItem
                  key={calendar.id}
                  calendar={calendar}
                  timeZone={timeZone}
                  onRemove={setRemoving}
                />
              ))}
            </ul>
          )}
          {adding ? (
            <CalendarSourceForm
              initial={NEW_CALENDAR}
              submitLabel="Add calendar"
              busyLabel="Adding and reading..."
              onCancel={() => setAdding(false)}
              onSave={async (values) => {
                const result = await add(values);
                if ('error' in result) return result.error ?? null;
                if (result.data.result.error) toast.error(CALENDAR_SOURCE_MESSAGES.refreshFailed);
                else toast.success(CALENDAR_SOURCE_MESSAGES.added);
                setAdding(false);
                return null;
              }}
            />
          ) : data.calendars.length >= data.max ? (
            <p className="text-sm text-muted">{CALENDAR_SOURCE_MESSAGES.tooMany}</p>
          ) : (
            <Button variant="secondary" className="self-start" onClick={() => setAdding(true)}>
              Add a calendar
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove “${removing?.label ?? ''}”?`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={removal.isLoading}
        tone="danger"
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      >
        {removal.error ? errorMessage(removal.error) : 'Its events no longer block your slots.'}
      </ConfirmDialog>
    </Card>
  );
}
