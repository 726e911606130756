import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ERASED_CLIENT_NAME, isErasedAddress, type ClientRecord } from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { DetailList } from '../../components/ui/detail-list';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/problem';
import {
  useDeleteAdminUserMutation,
  useGetAdminUserQuery,
  useUpdateAdminUserMutation,
} from './users-api';
import { formatMoment } from '../../lib/date-time';
import { UserBadges } from './user-badges';
import { ClientBookingsSection, ClientMessagesSection } from './client-activity-sections';
import { ClientNotesSection } from './client-notes-section';
import { ClientTimelineSection } from './client-timeline-section';

type Action = 'role' | 'disable' | 'delete';

/**
 * One account in full, with the admin's actions, each behind a confirmation; for a client, their
 * page: private notes, bookings, the sections other features place here, messages and a timeline.
 */
export function UserDetailPanel({
  id,
  currentUserId,
  onDeleted,
  sections,
  timeZone,
}: {
  id: string;
  currentUserId: string;
  timeZone: string;
  onDeleted: () => void;
  /**
   * Sections below the details that other features own, for this user's id; `erased` when the
   * account was deleted and only its accounting stays (nothing new is added to it).
   */
  sections?: (userId: string, state: { erased: boolean }) => ReactNode;
}) {
  // `currentData`, not `data`: while another user loads, the previous one must not stay on screen
  // with its buttons, or an action could hit the wrong account.
  const { currentData: user, error, isFetching, refetch } = useGetAdminUserQuery(id);
  if (!user && isFetching) return <Skeleton lines={6} label="Loading the user" />;
  if (!user) return <LoadError what="this user" error={error} onRetry={() => void refetch()} />;
  return (
    <UserDetail
      key={user.id}
      user={user}
      stale={isFetching}
      isSelf={user.id === currentUserId}
      onDeleted={onDeleted}
      sections={sections?.(user.id, { erased: isErasedAddress(user.email) })}
      timeZone={timeZone}
    />
  );
}

function UserDetail({
  user,
  stale,
  isSelf,
  onDeleted,
  sections,
  timeZone,
}: {
  user: ClientRecord;
  timeZone: string;
  stale: boolean;
  isSelf: boolean;
  onDeleted: () => void;
  sections?: ReactNode;
}) {
  const [action, setAction] = useState<Action | null>(null);
  const [update, updateState] = useUpdateAdminUserMutation();
  const [remove, removeState] = useDeleteAdminUserMutation();
  const busy = updateState.isLoading || removeState.isLoading;
  const failure = action === 'delete' ? removeState.error : updateState.error;

  const open = (next: Action) => {
    updateState.reset();
    removeState.reset();
    setAction(next);
  };

  // Bookings (and so payments) must stay for accounting: the delete erases the account instead.
  const erases = user.bookings.length > 0;
  const erased = isErasedAddress(user.email);

  const confirm = async () => {
    if (action === 'delete') {
      const result = await remove(user.id);
      if ('error' in result) return;
      toast.success(
        erases
          ? `${user.email} was erased; the bookings and payments stay under “${ERASED_CLIENT_NAME}”.`
          : `${user.email} was deleted.`,
      );
      setAction(null);
      onDeleted();
      return;
    }
    const change =
      action === 'role'
        ? { role: user.role === 'admin' ? ('user' as const) : ('admin' as const) }
        : { disabled: !user.disabled };
    const result = await update({ id: user.id, ...change });
    if ('error' in result) return;
    toast.success(`${user.email} was updated.`);
    setAction(null);
  };

  const rows: [string, string][] = [
    ['E-mail', user.email],
    ['Name', user.name],
    ['Role', user.role === 'admin' ? 'Admin' : 'Client'],
    [
      'E-mail verified',
      user.emailVerified && user.emailVerifiedAt
        ? `Yes, ${formatMoment(user.emailVerifiedAt, timeZone)}`
        : user.emailVerified
          ? 'Yes'
          : 'No',
    ],
    ['Status', user.disabled ? 'Disabled: cannot sign in' : 'Active'],
    ['Created', formatMoment(user.createdAt, timeZone)],
    ['Phone', user.phone ?? 'Not given'],
    ['Time zone', user.timeZone.replace(/_/g, ' ')],
  ];
  if (user.pendingEmail) rows.splice(1, 0, ['Pending e-mail', user.pendingEmail]);

  const dialog = {
    role: {
      title: user.role === 'admin' ? 'Remove admin rights?' : 'Make this user an admin?',
      body:
        user.role === 'admin'
          ? `${user.email} will lose access to the admin area.`
          : `${user.email} will get full access to the admin area: bookings, users and configuration.`,
      confirm: user.role === 'admin' ? 'Make client' : 'Make admin',
      busy: 'Saving...',
    },
    disable: {
      title: user.disabled ? 'Enable this account?' : 'Disable this account?',
      body: user.disabled
        ? `${user.email} will be able to sign in again.`
        : `${user.email} will be signed out and cannot sign in until enabled again.`,
      confirm: user.disabled ? 'Enable' : 'Disable',
      busy: 'Saving...',
    },
    delete: {
      title: 'Delete this account?',
      body: erases
        ? `${user.name}'s personal data goes for good: name, e-mail, phone, booking notes and answers, tasks, messages and your private notes. Bookings still to come are cancelled as if they had cancelled themselves (before the cutoff, refunded by your refund share). Past bookings, payments and receipts stay for accounting under “${ERASED_CLIENT_NAME}”. ${user.email} gets an e-mail saying so. This cannot be undone.`
        : `${user.email} and the account's data will be removed for good. This cannot be undone.`,
      confirm: 'Delete account',
      busy: 'Deleting...',
    },
  } as const;
  const current = action ? dialog[action] : null;

  return (
    <section aria-labelledby="user-detail-title" aria-busy={stale} className="flex flex-col gap-5">
      <div>
        <h2 id="user-detail-title" className="text-xl font-semibold wrap-anywhere text-ink">
          {user.name}
        </h2>
        <div className="mt-2">
          <UserBadges user={user} />
        </div>
      </div>
      {isSelf && <Alert tone="info">This is your own account. Changes apply to you at once.</Alert>}
      {erased && (
        <Alert tone="info">
          This account was deleted. Its bookings and payments stay for accounting; nothing else
          about the client is kept.
        </Alert>
      )}
      <DetailList rows={rows} />
      {!erased && (
        <div className="flex flex-wrap gap-3 border-t border-line pt-5">
          <Button variant="secondary" onClick={() => open('role')}>
            {user.role === 'admin' ? 'Make client' : 'Make admin'}
          </Button>
          <Button variant="secondary" onClick={() => open('disable')}>
            {user.disabled ? 'Enable account' : 'Disable account'}
          </Button>
          <Button variant="danger" onClick={() => open('delete')}>
            Delete account
          </Button>
        </div>
      )}
      {!erased && <ClientNotesSection clientId={user.id} notes={user.notes} timeZone={timeZone} />}
      <ClientBookingsSection clientId={user.id} bookings={user.bookings} timeZone={timeZone} />
      {sections}
      <ClientMessagesSection messages={user.messages} timeZone={timeZone} />
      <ClientTimelineSection clientId={user.id} timeline={user.timeline} timeZone={timeZone} />
      <ConfirmDialog
        open={current !== null}
        title={current?.title ?? ''}
        confirmLabel={current?.confirm ?? ''}
        busyLabel={current?.busy ?? ''}
        busy={busy}
        tone={
          action === 'delete' || (action === 'disable' && !user.disabled) ? 'danger' : 'primary'
        }
        onConfirm={() => void confirm()}
        onClose={() => setAction(null)}
      >
        <div className="flex flex-col gap-4">
          <p>{current?.body}</p>
          {failure && <Alert tone="error">{errorMessage(failure)}</Alert>}
        </div>
      </ConfirmDialog>
    </section>
  );
}
