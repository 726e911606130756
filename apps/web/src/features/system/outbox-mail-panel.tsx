import { useState } from 'react';
import { toast } from 'sonner';
import { OUTBOX_MESSAGES } from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/problem';
import { useMailDelivered } from '../../lib/site-brand-api';
import { formatMoment } from '../../lib/date-time';
import { OutboxStateBadge } from './outbox-state-badge';
import { refreshWhileQueued } from './outbox-refresh';
import { useGetOutboxMailQuery, useResendMailMutation } from './system-api';

/**
 * One mail as it was sent: its text, and its HTML in a sandboxed frame (no scripts, no access to
 * this page, since the frame's origin is opaque). An erased account's mail shows no content.
 */
export function OutboxMailPanel({ id, timeZone }: { id: string; timeZone: string }) {
  const [pollingInterval, setPollingInterval] = useState(0);
  const { data, error, isLoading, refetch } = useGetOutboxMailQuery(id, {
    pollingInterval,
    skipPollingIfUnfocused: true,
  });
  const wanted = refreshWhileQueued(data ? [data] : []);
  if (wanted !== pollingInterval) setPollingInterval(wanted);
  const [resend, resending] = useResendMailMutation();
  const mailDelivered = useMailDelivered();

  if (isLoading) return <Skeleton lines={6} label="Loading the mail" />;
  if (!data) return <LoadError what="the mail" error={error} onRetry={() => void refetch()} />;

  const onResend = async () => {
    const result = await resend(id);
    if ('data' in result) toast.success(OUTBOX_MESSAGES.resent);
  };

  return (
    <article aria-labelledby="outbox-mail-subject" className="flex flex-col gap-4">
      <header className="flex flex-col gap-2">
        <h3 id="outbox-mail-subject" className="text-lg font-semibold wrap-anywhere text-ink">
          {data.subject}
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <OutboxStateBadge state={data.state} />
          <span className="text-sm text-muted">
            {data.attempts} {data.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
        </div>
      </header>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">To</dt>
        <dd className="break-all text-ink">{data.to ?? 'An erased account'}</dd>
        <dt className="text-muted">Queued</dt>
        <dd className="text-ink">{formatMoment(data.createdAt, timeZone)}</dd>
        <dt className="text-muted">Sent</dt>
        <dd className="text-ink">
          {data.sentAt
            ? formatMoment(data.sentAt, timeZone)
            : data.state === 'not_delivered'
              ? 'Never: no mail server'
              : data.dueAt
                ? `Not yet: goes at ${formatMoment(data.dueAt, timeZone)}`
                : 'Not yet'}
        </dd>
      </dl>
      {data.gathering && data.dueAt && (
        <Alert tone="info" title="Gathering">
          This mail waits until {formatMoment(data.dueAt, timeZone)}: more mails of its kind to the
          same address join it until then and arrive as one. It shows what will go so far.
        </Alert>
      )}
      {data.state === 'failed' && (
        <Alert tone="error" title="Delivery failed">
          <span className="wrap-anywhere">{data.lastError ?? 'No error was recorded.'}</span>
        </Alert>
      )}
      {data.state === 'not_delivered' && (
        <Alert tone="error" title="Not delivered">
          {OUTBOX_MESSAGES.notDelivered}.{' '}
          {mailDelivered
            ? 'A mail server is configured now: send it again if it still matters to its reader.'
            : 'Nothing was sent; the server only wrote it to its log.'}
        </Alert>
      )}
      {/* Sending again needs a mail server: without one it would go nowhere again. */}
      {(data.state === 'failed' || data.state === 'not_delivered') && mailDelivered && (
        <div className="flex flex-col items-start gap-2">
          <Button onClick={() => void onResend()} disabled={resending.isLoading}>
            {resending.isLoading ? 'Queuing...' : 'Send again'}
          </Button>
          {resending.error && <Alert tone="error">{errorMessage(resending.error)}</Alert>}
        </div>
      )}
      {data.erased ? (
        <Alert tone="info" title="Content withheld">
          This is the last mail to an account that was erased. Its address and content are not
          shown, and the mail is deleted once sent.
        </Alert>
      ) : (
        <>
          <section aria-labelledby="outbox-mail-text" className="flex flex-col gap-2">
            <h4 id="outbox-mail-text" className="font-semibold text-ink">
              Text
            </h4>
            <pre className="max-h-96 overflow-auto rounded-lg border border-line bg-paper p-3 text-sm wrap-anywhere whitespace-pre-wrap text-ink">
              {data.text}
            </pre>
          </section>
          {data.html && (
            <section aria-labelledby="outbox-mail-html" className="flex flex-col gap-2">
              <h4 id="outbox-mail-html" className="font-semibold text-ink">
                HTML
              </h4>
              <iframe
                title={`HTML of the mail “${data.subject}”`}
                sandbox=""
                srcDoc={data.html}
                className="h-96 w-full rounded-lg border border-line bg-white"
              />
            </section>
          )}
          {data.attachments.length > 0 && (
            <p className="text-sm text-muted">
              Attachments: {data.attachments.map((a) => a.filename).join(', ')}
            </p>
          )}
        </>
      )}
    </article>
  );
}
