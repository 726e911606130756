/**
 * Two-factor sign-in once it is on: new recovery codes for a current code, and turning it off with
 * the password and a current code or a recovery code.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextField } from '../../components/ui/field';
import { errorMessage, readProblem } from '../../lib/problem';
import { TwoFactorCodeField } from './two-factor-code-field';
import { TwoFactorCodeForm } from './two-factor-code-form';
import { useDisableTwoFactorMutation, useRenewRecoveryCodesMutation } from './two-factor-api';

export function RenewRecoveryCodesForm({
  onRenewed,
  onCancel,
}: {
  onRenewed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const [renew, request] = useRenewRecoveryCodesMutation();
  return (
    <TwoFactorCodeForm
      intro={
        <p>
          New codes replace all your current recovery codes, used or not. Enter a code from your
          authenticator app to make them.
        </p>
      }
      submitLabel="Show new codes"
      busyLabel="Making codes..."
      request={request}
      onCode={async (code) => {
        const result = await renew({ code });
        if ('data' in result && result.data) onRenewed(result.data.recoveryCodes);
      }}
      onCancel={onCancel}
      autoFocus
      className="rounded-lg border border-line p-4"
    />
  );
}

export function TurnOffTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [disable, { error, isLoading, reset }] = useDisableTwoFactorMutation();
  const problem = readProblem(error);
  const passwordError = problem?.errors?.password?.[0];
  const codeError = problem?.errors?.code?.[0];

  const close = () => {
    reset();
    setPassword('');
    setCode('');
    onClose();
  };
  const onConfirm = async () => {
    reset();
    const result = await disable({ password, code });
    if ('data' in result) {
      toast.success('Two-factor sign-in is off. Your password alone signs you in now.');
      close();
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title="Turn off two-factor sign-in?"
      confirmLabel="Turn off"
      dismissLabel="Keep it on"
      busyLabel="Turning off..."
      busy={isLoading}
      tone="danger"
      onConfirm={() => void onConfirm()}
      onClose={close}
    >
      <div className="flex flex-col gap-4">
        <p>
          Your password alone will sign you in, and your recovery codes stop working. Confirm with
          your password and a code from your authenticator app, or one of your recovery codes.
        </p>
        {error && !passwordError && !codeError && <Alert tone="error">{errorMessage(error)}</Alert>}
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordError}
        />
        <TwoFactorCodeField
          label="Code or recovery code"
          hint="The 6 digits your app shows now, or one of your recovery codes."
          inputMode="text"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={codeError}
        />
      </div>
    </ConfirmDialog>
  );
}
