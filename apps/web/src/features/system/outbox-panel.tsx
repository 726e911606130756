import { useState } from 'react';
import { OUTBOX_MESSAGES, OUTBOX_STATES, paths, type OutboxState } from '@consult/shared';
import { EmptyList, ListDetailLayout } from '../../components/list-detail-layout';
import { ListRowLink } from '../../components/list-state';
import { LoadError, Skeleton } from '../../components/query-state';
import { Pagination } from '../../components/ui/pagination';
import { SelectField } from '../../components/ui/select-field';
import { Alert } from '../../components/ui/alert';
import { useMailDelivered } from '../../lib/site-brand-api';
import { useListParams } from '../../lib/use-list-params';
import { formatMoment } from '../../lib/date-time';
import { OutboxMailPanel } from './outbox-mail-panel';
import { OUTBOX_STATE_LABELS, OutboxStateBadge } from './outbox-state-badge';
import { refreshWhileQueued } from './outbox-refresh';
import { MAIL_NOT_DELIVERED_WARNING } from './system-status-summary';
import { useGetOutboxQuery } from './system-api';

const stateOptions = [
  { value: '', label: 'All mail' },
  ...OUTBOX_STATES.map((state) => ({ value: state, label: OUTBOX_STATE_LABELS[state] })),
];

/**
 * The outbox tab of /admin/system: the mail the site sent or will send, newest first. Without
 * SMTP_URL this is where a newcomer reads the verification and reset links.
 */
export function OutboxPanel({ timeZone }: { timeZone: string }) {
  const { params, page, selected, linkWith, change, clearSelection } = useListParams(
    paths.admin.system,
    'mail',
  );
  const raw = params.get('state');
  const state = (OUTBOX_STATES as readonly string[]).includes(raw ?? '')
    ? (raw as OutboxState)
    : undefined;
  // Queued mail changes state within seconds (the outbox job runs every 2 s): the list follows it.
  const [pollingInterval, setPollingInterval] = useState(0);
  const { data, error, isLoading, isFetching, refetch } = useGetOutboxQuery(
    { state, page },
    { pollingInterval, skipPollingIfUnfocused: true },
  );
  const wanted = refreshWhileQueued(data?.mails ?? []);
  if (wanted !== pollingInterval) setPollingInterval(wanted);
  const mailDelivered = useMailDelivered();

  const list = (
    <div className="flex flex-col gap-4">
      {mailDelivered === false && <Alert tone="error">{MAIL_NOT_DELIVERED_WARNING}</Alert>}
      <div className="max-w-xs">
        <SelectField
          label="State"
          value={state ?? ''}
          options={stateOptions}
          onChange={(event) => change({ state: event.target.value, page: null, mail: null })}
        />
      </div>
      {isLoading ? (
        <Skeleton lines={5} label="Loading the outbox" />
      ) : !data ? (
        <LoadError what="the outbox" error={error} onRetry={() => void refetch()} />
      ) : data.mails.length === 0 ? (
        <EmptyList
          title={state ? `No ${OUTBOX_STATE_LABELS[state].toLowerCase()} mail.` : 'No mail yet.'}
          hint={
            state
              ? 'Choose another state to see the rest.'
              : 'Verification links, booking confirmations and other mail appear here as the site sends them.'
          }
        />
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {data.totalMails} {data.totalMails === 1 ? 'mail' : 'mails'}
          </p>
          <ul
            aria-busy={isFetching}
            className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
          >
            {data.mails.map((mail) => (
              <li key={mail.id}>
                <ListRowLink to={linkWith({ mail: mail.id })} selected={mail.id === selected}>
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold wrap-anywhere text-ink">{mail.subject}</span>
                    <OutboxStateBadge state={mail.state} />
                  </span>
                  <span className="flex flex-wrap gap-x-2 text-sm text-muted">
                    <span className="break-all">{mail.to ?? 'An erased account'}</span>
                    <span>· {formatMoment(mail.createdAt, timeZone)}</span>
                    {mail.gathering && mail.dueAt && (
                      <span>· gathers until {formatMoment(mail.dueAt, timeZone)}</span>
                    )}
                    {mail.state !== 'sent' && mail.attempts > 0 && (
                      <span>
                        · {mail.attempts} {mail.attempts === 1 ? 'attempt' : 'attempts'}
                      </span>
                    )}
                  </span>
                  {mail.state === 'not_delivered' && (
                    <span className="text-sm wrap-anywhere text-danger">
                      {OUTBOX_MESSAGES.notDelivered}
                    </span>
                  )}
                  {mail.state === 'failed' && mail.lastError && (
                    <span className="line-clamp-2 text-sm wrap-anywhere text-danger">
                      {mail.lastError}
                    </span>
                  )}
                </ListRowLink>
              </li>
            ))}
          </ul>
          <Pagination
            page={data.currentPage}
            totalPages={data.totalPages}
            hrefFor={(target) => linkWith({ page: String(target), mail: null })}
          />
        </>
      )}
    </div>
  );

  return (
    <section aria-labelledby="outbox-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="outbox-heading" className="text-xl font-semibold text-ink">
          Outbox
        </h2>
        <p className="text-sm text-muted">
          Mail the site sent or is about to send, newest first. It includes the verification and
          password links, so treat it like the mailboxes it goes to.
        </p>
      </div>
      <ListDetailLayout
        list={list}
        panel={
          selected ? <OutboxMailPanel key={selected} id={selected} timeZone={timeZone} /> : null
        }
        backLabel="← All mail"
        onBack={clearSelection}
        placeholder="Choose a mail to read it."
      />
    </section>
  );
}
