/**
 * The sign-in's second step (decision 043): after the password, the 6-digit code from the
 * authenticator app, or one of the recovery codes. A challenge that expired sends the person back
 * to the password with a sentence saying why.
 */
import { useState, type FormEvent } from 'react';
import {
  recoveryCodeSchema,
  totpCodeSchema,
  TWO_FACTOR_CHALLENGE_INVALID_PROBLEM_TYPE,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { errorMessage, readProblem } from '../../lib/problem';
import { useCompleteTwoFactorSignInMutation } from './auth-api';

export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (accessToken: string) => Promise<void>;
  /** Back to the password: the challenge is no longer valid (with the reason), or the person asked. */
  onRestart: (reason?: string) => void;
}) {
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [value, setValue] = useState('');
  const [localError, setLocalError] = useState<string>();
  const [complete, { error, isLoading, reset }] = useCompleteTwoFactorSignInMutation();
  const problem = readProblem(error);
  const field = useRecoveryCode ? 'recoveryCode' : 'code';
  const fieldError = localError ?? problem?.errors?.[field]?.[0];

  const switchKind = () => {
    reset();
    setLocalError(undefined);
    setValue('');
    setUseRecoveryCode(!useRecoveryCode);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    reset();
    const parsed = (useRecoveryCode ? recoveryCodeSchema : totpCodeSchema).safeParse(value);
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message);
      return;
    }
    setLocalError(undefined);
    const result = await complete(
      useRecoveryCode ? { challenge, recoveryCode: value } : { challenge, code: value },
    );
    if ('data' in result && result.data) {
      await onSignedIn(result.data.accessToken);
      return;
    }
    const failed = readProblem(result.error);
    if (failed?.type === TWO_FACTOR_CHALLENGE_INVALID_PROBLEM_TYPE) onRestart(failed.detail);
    else setValue('');
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      {error && !fieldError && <Alert tone="error">{errorMessage(error)}</Alert>}
      {useRecoveryCode ? (
        <TextField
          key="recovery"
          label="Recovery code"
          hint="One of the codes you saved when you turned on two-factor sign-in, like abcd-efgh-2345-6789. Each works once."
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={fieldError}
        />
      ) : (
        <TextField
          key="code"
          label="6-digit code"
          hint="From the authenticator app on your phone. A new code shows every 30 seconds."
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={fieldError}
        />
      )}
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Checking...' : 'Sign in'}
      </Button>
      <p className="text-sm text-muted">
        {useRecoveryCode ? 'Your phone is back at hand?' : 'No access to your authenticator app?'}{' '}
        <button
          type="button"
          onClick={switchKind}
          className="font-semibold text-brand underline decoration-brand/40 underline-offset-4 hover:decoration-brand"
        >
          {useRecoveryCode ? 'Use a code from the app' : 'Use a recovery code'}
        </button>
      </p>
      <button
        type="button"
        onClick={() => onRestart()}
        className="self-start text-sm font-semibold text-brand underline decoration-brand/40 underline-offset-4 hover:decoration-brand"
      >
        Sign in with another account
      </button>
    </form>
  );
}
