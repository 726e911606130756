/**
 * An account's two-factor sign-in in its panel on /admin/users (placed there by the route): whether
 * it is on, and the owner's way to turn it off for someone who lost both the phone and the codes.
 */
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/problem';
import { formatPlainDate } from '../../lib/date-time';
import { useGetUserTwoFactorQuery, useResetUserTwoFactorMutation } from './two-factor-api';

export function UserTwoFactorSection({
  userId,
  isSelf,
  timeZone,
}: {
  userId: string;
  isSelf: boolean;
  timeZone: string;
}) {
  const headingId = useId();
  const { currentData, error, isFetching, refetch } = useGetUserTwoFactorQuery(userId);
  const [reset, resetState] = useResetUserTwoFactorMutation();
  const [confirming, setConfirming] = useState(false);

  const close = () => {
    resetState.reset();
    setConfirming(false);
  };
  const onConfirm = async () => {
    const result = await reset(userId);
    if ('error' in result) return;
    toast.success('Two-factor sign-in is off for this account, and it was signed out everywhere.');
    setConfirming(false);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-line pt-5">
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        Two-factor sign-in
      </h3>
      {!currentData && isFetching ? (
        <Skeleton lines={1} label="Loading their two-factor sign-in" />
      ) : !currentData ? (
        <LoadError what="their two-factor sign-in" error={error} onRetry={() => void refetch()} />
      ) : !currentData.enabled ? (
        <p className="text-muted">
          Off: the password alone signs in.
          {currentData.required &&
            ' You require it for admins: they must set it up before they can use the admin area.'}
        </p>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p>
            On since{' '}
            {currentData.enabledAt ? formatPlainDate(currentData.enabledAt, timeZone) : 'Not given'}
            , {currentData.recoveryCodesLeft} recovery{' '}
            {currentData.recoveryCodesLeft === 1 ? 'code' : 'codes'} left.
          </p>
          {isSelf ? (
            <p className="text-sm text-muted">Your own is turned off on your profile.</p>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Turn off two-factor sign-in
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Turn off their two-factor sign-in?"
        confirmLabel="Turn off"
        dismissLabel="Keep it on"
        busyLabel="Turning off..."
        busy={resetState.isLoading}
        tone="danger"
        onConfirm={() => void onConfirm()}
        onClose={close}
      >
        <div className="flex flex-col gap-4">
          <p>
            Do this only when you are sure it is them asking, for instance after a call: they lost
            their phone and their recovery codes, or they did not set it up themselves.
          </p>
          <p>
            Their password alone will sign them in, and they are signed out everywhere. They can set
            it up again on their profile. The audit log records it in your name.
          </p>
          {resetState.error && <Alert tone="error">{errorMessage(resetState.error)}</Alert>}
        </div>
      </ConfirmDialog>
    </section>
  );
}
