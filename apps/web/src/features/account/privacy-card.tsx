/**
 * The client's privacy rights on /dash/profile: download everything the practice holds about them,
 * and delete the account, with what happens said before the click.
 */
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths, PRIVACY_MESSAGES } from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field, inputClasses } from '../../components/ui/field';
import { api } from '../../lib/api';
import { errorMessage, readProblem } from '../../lib/problem';
import { loggedOut } from '../../lib/session/auth-slice';
import { useDeleteAccountMutation, useExportAccountMutation } from './account-api';
import { useMailDelivered } from '../../lib/site-brand-api';
import { saveFile } from './save-file';

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [remove, { error, isLoading, reset }] = useDeleteAccountMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const mailDelivered = useMailDelivered();
  const fieldError = readProblem(error)?.errors?.password?.[0];

  const close = () => {
    reset();
    setPassword('');
    onClose();
  };
  const onConfirm = async () => {
    if (!password) return;
    const result = await remove({ password });
    if ('error' in result) return;
    toast.success(
      mailDelivered === false
        ? PRIVACY_MESSAGES.accountDeletedNoMail
        : PRIVACY_MESSAGES.accountDeleted,
    );
    await navigate(paths.home, { replace: true });
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
  };

  return (
    <ConfirmDialog
      open={open}
      title="Delete your account?"
      confirmLabel="Delete my account"
      dismissLabel="Keep my account"
      busyLabel="Deleting..."
      busy={isLoading}
      tone="danger"
      onConfirm={() => void onConfirm()}
      onClose={close}
    >
      <div className="flex flex-col gap-4">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Your bookings still to come are cancelled. Cancelled before the cutoff, a paid booking
            is refunded as a cancellation would be.
          </li>
          <li>You are signed out everywhere, and this e-mail address and password stop working.</li>
          <li>
            Your profile, notes, tasks and messages are erased. Payments and receipts are kept for
            accounting, as the law requires, with your name replaced by “Deleted client”.
          </li>
          <li>A confirmation goes to your e-mail address. This cannot be undone.</li>
        </ul>
        {error && !fieldError && <Alert tone="error">{errorMessage(error)}</Alert>}
        <Field label="Your password" error={fieldError}>
          {({ id, describedBy }) => (
            <input
              id={id}
              type="password"
              autoComplete="current-password"
              aria-describedby={describedBy}
              aria-invalid={fieldError ? true : undefined}
              className={inputClasses}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
      </div>
    </ConfirmDialog>
  );
}

export function PrivacyCard() {
  const [exportAccount, { isLoading: exporting }] = useExportAccountMutation();
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    const result = await exportAccount();
    if ('data' in result && result.data !== undefined) {
      saveFile(result.data, `my-data-${new Date().toISOString().slice(0, 10)}.json`);
      toast.success('Your data is downloaded.');
    } else {
      toast.error(errorMessage(result.error));
    }
  };

  return (
    <Card title="Privacy">
      <div className="flex flex-col gap-6">
        <div className="flex flex-col items-start gap-2">
          <p className="text-muted">
            One file (JSON) with everything we hold about you: your profile, bookings, payments,
            tasks, messages you sent and your sign-in sessions.
          </p>
          <Button variant="secondary" disabled={exporting} onClick={() => void download()}>
            {exporting ? 'Preparing your file...' : 'Download my data'}
          </Button>
        </div>
        <div className="flex flex-col items-start gap-2 border-t border-line pt-6">
          <p className="text-muted">
            Delete your account and the personal data that comes with it.
          </p>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Delete my account
          </Button>
        </div>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}
