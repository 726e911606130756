/**
 * The owner's waitlist on /admin/bookings: who waits for what, the offers made to each entry and
 * what became of them, and a button to remove an entry (audited; an offer open to it lapses).
 */
import { useState } from 'react';
import type { AdminWaitlistEntry, WaitlistOffer } from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Pill } from '../../components/ui/pill';
import { LoadError, Skeleton } from '../../components/query-state';
import { formatDateTime, formatPlainDay, zoneName } from '../../lib/date-time';
import { errorMessage } from '../../lib/problem';
import { useGetAdminWaitlistQuery, useRemoveWaitlistEntryMutation } from './waitlist-api';
import { entryWindowText } from './waitlist-card';

const ENTRY_STATES: Record<AdminWaitlistEntry['state'], string> = {
  active: 'Waiting',
  booked: 'Booked',
  left: 'Left',
  expired: 'Ended',
  removed: 'Removed',
};
const OFFER_STATES: Record<WaitlistOffer['state'], string> = {
  open: 'open now',
  accepted: 'booked',
  declined: 'declined',
  lapsed: 'lapsed',
};

export function AdminWaitlistCard({ timeZone }: { timeZone: string }) {
  const { data, isLoading, error, refetch } = useGetAdminWaitlistQuery();
  const [removing, setRemoving] = useState<AdminWaitlistEntry | null>(null);
  const [remove, removal] = useRemoveWaitlistEntryMutation();
  if (isLoading) {
    return (
      <Card title="Waitlist">
        <Skeleton label="Loading the waitlist" />
      </Card>
    );
  }
  if (!data) {
    return (
      <Card title="Waitlist">
        <LoadError what="the waitlist" error={error} onRetry={() => void refetch()} />
      </Card>
    );
  }
  const { counts } = data;
  return (
    <Card
      title="Waitlist"
      description={`${counts.active} waiting. Offers made: ${counts.offers} (${counts.accepted} booked, ${counts.declined} declined, ${counts.lapsed} lapsed).`}
    >
      {data.entries.length === 0 ? (
        <p className="text-base text-muted">
          Nobody is waiting. Clients join from the booking page when no time suits them.
        </p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Waitlist entries">
          {data.entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-2 py-4">
              <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:items-center sm:gap-4">
                <span className="min-w-0 font-medium text-ink sm:flex-1">
                  {entry.client.name} <span className="text-muted">({entry.client.email})</span>
                </span>
                <span className="self-start sm:self-auto">
                  <Pill
                    tone={
                      entry.state === 'active' ? 'bg-accent-soft text-ink' : 'bg-line text-muted'
                    }
                  >
                    {ENTRY_STATES[entry.state]}
                  </Pill>
                </span>
              </div>
              <p className="text-sm text-muted">
                {entry.serviceTitle}: {entryWindowText(entry)} ({zoneName(entry.timeZone)}), until{' '}
                {formatPlainDay(entry.latestDate)}; joined{' '}
                {formatDateTime(entry.createdAt, timeZone)}
              </p>
              {entry.offers.length > 0 && (
                <ul
                  className="flex flex-col gap-1 text-sm text-ink"
                  aria-label={`Offers to ${entry.client.name}`}
                >
                  {entry.offers.map((offer) => (
                    <li key={offer.id}>
                      Offered {formatDateTime(offer.start, timeZone)}: {OFFER_STATES[offer.state]}
                    </li>
                  ))}
                </ul>
              )}
              {entry.state === 'active' && (
                <div>
                  <Button
                    variant="ghost"
                    aria-label={`Remove ${entry.client.name} from the waitlist for ${entry.serviceTitle}`}
                    onClick={() => setRemoving(entry)}
                  >
                    Remove
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {removal.error && <Alert tone="error">{errorMessage(removal.error)}</Alert>}
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the waitlist?"
        confirmLabel="Remove"
        busyLabel="Removing…"
        busy={removal.isLoading}
        tone="danger"
        onConfirm={() => {
          if (!removing) return;
          void remove(removing.id)
            .unwrap()
            .then(() => setRemoving(null))
            .catch(() => setRemoving(null));
        }}
        onClose={() => setRemoving(null)}
      >
        {removing &&
          `${removing.client.name} will no longer hear of freed times of ${removing.serviceTitle}. An offer open to them now lapses and goes to the next person.`}
      </ConfirmDialog>
    </Card>
  );
}
