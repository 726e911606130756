import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  ACCOUNT_EXISTS_PROBLEM_TYPE,
  accountExistsProblemSchema,
  adminUserPath,
  CONTACT_REQUEST_TYPE_LABELS,
  replyMailto,
  type InboxMessage,
} from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { DetailList } from '../../components/ui/detail-list';
import { errorMessage, readProblem } from '../../lib/problem';
import { useMailDelivered } from '../../lib/site-brand-api';
import { formatMoment } from '../../lib/date-time';
import { MessageStateBadge } from './message-state-badge';
import {
  useGetInboxMessageQuery,
  useInviteSenderMutation,
  useSetMessageStateMutation,
} from './messages-api';

const linkClasses = 'font-semibold text-brand underline underline-offset-4';

/** One message in full with the owner's actions: reply, mark handled or new, invite or open the client. */
export function MessagePanel({ id, timeZone }: { id: string; timeZone: string }) {
  // `currentData`: while another message loads, the previous one's buttons must not stay.
  const { currentData: message, error, isFetching, refetch } = useGetInboxMessageQuery(id);
  if (!message && isFetching) return <Skeleton lines={6} label="Loading the message" />;
  if (!message)
    return <LoadError what="this message" error={error} onRetry={() => void refetch()} />;
  return <MessageDetail key={message.id} message={message} timeZone={timeZone} />;
}

function MessageDetail({ message, timeZone }: { message: InboxMessage; timeZone: string }) {
  const [setState, stateCall] = useSetMessageStateMutation();
  const [invite, inviteCall] = useInviteSenderMutation();
  const mailDelivered = useMailDelivered();
  const next = message.state === 'new' ? 'handled' : 'new';

  const changeState = async () => {
    const result = await setState({ id: message.id, state: next });
    if ('data' in result) toast.success(next === 'handled' ? 'Marked handled.' : 'Marked new.');
  };
  const sendInvite = async () => {
    const result = await invite(message.id);
    if ('data' in result && result.data) {
      toast.success(
        mailDelivered === false
          ? `Mail is not being delivered: the invitation to ${result.data.sentTo} is in the outbox (System → Outbox).`
          : `Invitation sent to ${result.data.sentTo}.`,
      );
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-display text-2xl wrap-anywhere text-brand">{message.name}</h2>
          <p className="text-sm text-muted">
            {CONTACT_REQUEST_TYPE_LABELS[message.type]} · received{' '}
            {formatMoment(message.receivedAt, timeZone)}
          </p>
        </div>
        <MessageStateBadge state={message.state} />
      </div>
      <blockquote className="rounded-xl border border-line bg-paper px-4 py-3 wrap-anywhere whitespace-pre-line text-ink">
        {message.message}
      </blockquote>
      <DetailList
        rows={[
          [
            'E-mail',
            <a key="email" href={`mailto:${message.email}`} className={`${linkClasses} break-all`}>
              {message.email}
            </a>,
          ],
          [
            'Phone',
            <a key="phone" href={`tel:${message.phone}`} className={linkClasses}>
              {message.phone}
            </a>,
          ],
          [
            'Client',
            message.client ? (
              <Link key="client" to={adminUserPath(message.client.id)} className={linkClasses}>
                {message.client.name}
              </Link>
            ) : (
              'No account with this e-mail yet'
            ),
          ],
          ...(message.handledAt
            ? ([['Handled', formatMoment(message.handledAt, timeZone)]] as [string, string][])
            : []),
        ]}
      />
      {stateCall.error && <Alert tone="error">{errorMessage(stateCall.error)}</Alert>}
      <InviteOutcome error={inviteCall.error} />
      <div className="flex flex-wrap gap-3">
        <a href={replyMailto(message.email)} className={buttonClasses('primary')}>
          Reply by e-mail
        </a>
        <Button
          variant="secondary"
          disabled={stateCall.isLoading}
          onClick={() => void changeState()}
        >
          {stateCall.isLoading ? 'Saving...' : next === 'handled' ? 'Mark handled' : 'Mark new'}
        </Button>
        {message.client ? (
          <Link to={adminUserPath(message.client.id)} className={buttonClasses('secondary')}>
            Open client
          </Link>
        ) : (
          <Button
            variant="secondary"
            disabled={inviteCall.isLoading}
            onClick={() => void sendInvite()}
          >
            {inviteCall.isLoading ? 'Sending invitation...' : 'Invite as client'}
          </Button>
        )}
      </div>
      {!message.client && (
        <p className="text-sm text-muted">
          The invitation mails {message.email} a sign-up link with the address filled in; one a day
          per address.
        </p>
      )}
    </div>
  );
}

/** Why an invitation did not go: the sender has an account (with a link to it), or the server's reason. */
function InviteOutcome({ error }: { error: Parameters<typeof readProblem>[0] }) {
  if (!error) return null;
  const problem = readProblem(error);
  if (problem?.type === ACCOUNT_EXISTS_PROBLEM_TYPE) {
    const parsed = accountExistsProblemSchema.safeParse('data' in error ? error.data : undefined);
    const clientId = parsed.success ? parsed.data.clientId : undefined;
    return (
      <Alert tone="info" title={problem.detail}>
        {clientId ? (
          <Link to={adminUserPath(clientId)} className={linkClasses}>
            Open their client record
          </Link>
        ) : (
          'Find them in Users.'
        )}
      </Alert>
    );
  }
  return <Alert tone="error">{errorMessage(error)}</Alert>;
}
