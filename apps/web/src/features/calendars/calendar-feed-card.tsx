/**
 * A private calendar feed's card: the owner's on /admin/config (every booking) and the client's on
 * /dash ("Subscribe in your calendar", their own). Its states: loading, could not load, off, just
 * made (the address, shown once), and on (made at a date; a new address or off).
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { CALENDAR_FEED_MESSAGES, CALENDAR_FEED_PAST_DAYS } from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatPlainDate } from '../../lib/date-time';
import { errorMessage } from '../../lib/problem';
import {
  useGetCalendarFeedQuery,
  useRevokeCalendarFeedMutation,
  useRotateCalendarFeedMutation,
  type FeedAudience,
} from './calendar-feed-api';
import { FeedAddress } from './feed-address';

const TEXTS = {
  owner: {
    title: 'Bookings in your calendar',
    description: `A private address your calendar app (Google, Apple, Outlook…) subscribes to: every held and confirmed booking from ${CALENDAR_FEED_PAST_DAYS} days back, with the client, the meeting link and the intake answers. Cancelled ones show as cancelled.`,
    loading: 'Loading your calendar address',
    what: 'your calendar address',
  },
  client: {
    title: 'Subscribe in your calendar',
    description: `A private address your calendar app (Google, Apple, Outlook…) subscribes to: your sessions from ${CALENDAR_FEED_PAST_DAYS} days back, kept up to date when one is moved or cancelled.`,
    loading: 'Loading your calendar address',
    what: 'your calendar address',
  },
} as const;

/** `timeZone`: the reader's, for the day the address was made on. */
export function CalendarFeedCard({
  audience,
  timeZone,
}: {
  audience: FeedAudience;
  timeZone: string;
}) {
  const texts = TEXTS[audience];
  const { data, error, isLoading, refetch } = useGetCalendarFeedQuery(audience);
  const [rotate, rotation] = useRotateCalendarFeedMutation();
  const [revoke, revocation] = useRevokeCalendarFeedMutation();
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);

  const makeAddress = async () => {
    revocation.reset();
    const result = await rotate(audience);
    setConfirming(null);
    if (result.data?.url) {
      setShownUrl(result.data.url);
      toast.success(data?.active ? CALENDAR_FEED_MESSAGES.rotated : CALENDAR_FEED_MESSAGES.created);
    }
  };
  const turnOff = async () => {
    rotation.reset();
    const result = await revoke(audience);
    setConfirming(null);
    if ('data' in result) {
      setShownUrl(null);
      toast.success(CALENDAR_FEED_MESSAGES.revoked);
    }
  };
  const failure = rotation.error ?? revocation.error;

  return (
    <Card title={texts.title} description={texts.description}>
      {isLoading ? (
        <Skeleton lines={2} label={texts.loading} />
      ) : !data ? (
        <LoadError what={texts.what} error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          {failure && <Alert tone="error">{errorMessage(failure)}</Alert>}
          {shownUrl ? (
            <FeedAddress url={shownUrl} onDone={() => setShownUrl(null)} />
          ) : data.active ? (
            <>
              <p className="text-base text-ink">
                Your calendar address is on
                {data.createdAt ? `, made on ${formatPlainDate(data.createdAt, timeZone)}` : ''}. It
                was shown only once; if you no longer have it, make a new one.
              </p>
              <div className="flex flex-wrap gap-3">
                <Button variant="secondary" onClick={() => setConfirming('rotate')}>
                  Make a new address
                </Button>
                <Button variant="ghost" onClick={() => setConfirming('revoke')}>
                  Turn off
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className="text-base text-muted">No calendar address yet.</p>
              <Button
                className="self-start"
                disabled={rotation.isLoading}
                onClick={() => void makeAddress()}
              >
                {rotation.isLoading ? 'Making the address...' : 'Make a calendar address'}
              </Button>
            </>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming === 'rotate'}
        title="Make a new calendar address?"
        confirmLabel="Make a new address"
        busyLabel="Making..."
        busy={rotation.isLoading}
        onConfirm={() => void makeAddress()}
        onClose={() => setConfirming(null)}
      >
        The current address stops working at once: calendars subscribed to it stop updating until
        you subscribe them to the new one.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'revoke'}
        title="Turn the calendar address off?"
        confirmLabel="Turn off"
        busyLabel="Turning off..."
        busy={revocation.isLoading}
        tone="danger"
        onConfirm={() => void turnOff()}
        onClose={() => setConfirming(null)}
      >
        The address stops working at once and calendars subscribed to it stop updating. You can make
        a new one at any time.
      </ConfirmDialog>
    </Card>
  );
}
