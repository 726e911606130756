/**
 * Where the person is signed in (decision 044): each live session's device, shortened address,
 * first and last use, with "This device" on the current one. Any other session can be signed out,
 * or all of them at once; signing out this device is the ordinary sign-out.
 */
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { SESSION_MESSAGES, type SignedInSession } from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Pill } from '../../components/ui/pill';
import { errorMessage } from '../../lib/problem';
import { formatMoment } from '../../lib/date-time';
import {
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useGetSessionsQuery,
} from './sessions-api';

export interface SignOutHere {
  signOut: () => void;
  signingOut: boolean;
}

function SessionFacts({ session, timeZone }: { session: SignedInSession; timeZone: string }) {
  const unknown = session.device === SESSION_MESSAGES.unknownDevice;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      <dt className="text-muted">Signed in</dt>
      <dd className="text-ink">{formatMoment(session.createdAt, timeZone)}</dd>
      <dt className="text-muted">Last used</dt>
      <dd className="text-ink">{formatMoment(session.lastUsedAt, timeZone)}</dd>
      <dt className="text-muted">IP address</dt>
      <dd className="break-all text-ink">{session.ip ?? 'Not recorded'}</dd>
      {unknown && session.userAgent && (
        <>
          <dt className="text-muted">Browser sent</dt>
          <dd className="break-all text-ink">{session.userAgent}</dd>
        </>
      )}
    </dl>
  );
}

function SessionItem({
  session,
  timeZone,
  here,
  onEnded,
}: {
  session: SignedInSession;
  timeZone: string;
  here: SignOutHere;
  onEnded: () => void;
}) {
  const [end, { isLoading }] = useEndSessionMutation();
  const onEnd = async () => {
    const result = await end(session.id);
    if ('error' in result) toast.error(errorMessage(result.error));
    else toast.success(`${session.device} is signed out.`);
    onEnded();
  };
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold wrap-anywhere text-ink">{session.device}</h3>
          {session.current && <Pill tone="bg-success-soft text-success">This device</Pill>}
        </div>
        <SessionFacts session={session} timeZone={timeZone} />
      </div>
      {session.current ? (
        <Button
          variant="secondary"
          className="shrink-0"
          disabled={here.signingOut}
          onClick={here.signOut}
        >
          {here.signingOut ? 'Signing out...' : 'Sign out'}
        </Button>
      ) : (
        <Button
          variant="secondary"
          className="shrink-0"
          disabled={isLoading}
          aria-label={`Sign out this session: ${session.device}`}
          onClick={() => void onEnd()}
        >
          {isLoading ? 'Signing out...' : 'Sign out this session'}
        </Button>
      )}
    </li>
  );
}

function EndOthersDialog({
  open,
  count,
  onClose,
  onEnded,
}: {
  open: boolean;
  count: number;
  onClose: () => void;
  onEnded: () => void;
}) {
  const [endOthers, { isLoading }] = useEndOtherSessionsMutation();
  const onConfirm = async () => {
    const result = await endOthers();
    if ('error' in result) {
      toast.error(errorMessage(result.error));
    } else {
      const { ended } = result.data;
      toast.success(
        ended === 0
          ? 'No other session was signed in.'
          : `Signed out ${ended === 1 ? '1 other session' : `${ended} other sessions`}.`,
      );
    }
    onClose();
    onEnded();
  };
  return (
    <ConfirmDialog
      open={open}
      title="Sign out everywhere else?"
      confirmLabel="Sign out everywhere else"
      dismissLabel="Keep them signed in"
      busyLabel="Signing out..."
      busy={isLoading}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
    >
      {count === 1 ? 'The other session' : `The ${count} other sessions`} will need the password to
      sign in again. This device stays signed in.
    </ConfirmDialog>
  );
}

export function SessionsCard({ timeZone, here }: { timeZone: string; here: SignOutHere }) {
  const { data, error, isLoading, isFetching, refetch } = useGetSessionsQuery();
  const [confirming, setConfirming] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  // The button that was pressed goes away with its session: keep the keyboard in the card.
  const focusList = () => listRef.current?.focus();
  const others = data?.sessions.filter((session) => !session.current).length ?? 0;

  return (
    <Card
      title="Signed-in sessions"
      description="Where your account is signed in now. Sign out any session you do not recognise, then change your password."
      actions={
        others > 0 ? (
          <Button
            variant="secondary"
            className="w-full sm:w-auto"
            onClick={() => setConfirming(true)}
          >
            Sign out everywhere else
          </Button>
        ) : undefined
      }
    >
      {isLoading ? (
        <Skeleton lines={4} label="Loading your sessions" />
      ) : !data ? (
        <LoadError what="your sessions" error={error} onRetry={() => void refetch()} />
      ) : (
        <div
          ref={listRef}
          tabIndex={-1}
          aria-busy={isFetching}
          className={`flex flex-col gap-4 outline-none ${isFetching ? 'opacity-70' : ''}`}
        >
          {data.sessions.length === 0 ? (
            <p className="text-muted">No session is signed in.</p>
          ) : (
            <ul aria-label="Sessions" className="flex flex-col divide-y divide-line">
              {data.sessions.map((session) => (
                <SessionItem
                  key={session.id}
                  session={session}
                  timeZone={timeZone}
                  here={here}
                  onEnded={focusList}
                />
              ))}
            </ul>
          )}
          {others === 0 && data.sessions.length > 0 && (
            <p className="text-sm text-muted">This is the only device signed in to your account.</p>
          )}
        </div>
      )}
      <EndOthersDialog
        open={confirming}
        count={others}
        onClose={() => setConfirming(false)}
        onEnded={focusList}
      />
    </Card>
  );
}
