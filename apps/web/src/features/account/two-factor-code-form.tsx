/**
 * A form that asks for the code the authenticator app shows now, checks its shape here and sends
 * it to one call: turning two-factor sign-in on, and making new recovery codes.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { totpCodeSchema } from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { errorMessage, readProblem } from '../../lib/problem';
import { TwoFactorCodeField } from './two-factor-code-field';

/** What the form shows of the call its code goes to: the state of an RTK Query mutation. */
interface CodeRequest {
  error?: FetchBaseQueryError | SerializedError;
  isLoading: boolean;
  reset: () => void;
}

export function TwoFactorCodeForm({
  intro,
  submitLabel,
  busyLabel,
  request,
  onCode,
  onCancel,
  autoFocus,
  className = '',
}: {
  intro: ReactNode;
  submitLabel: string;
  busyLabel: string;
  request: CodeRequest;
  /** Sends a code of the right shape; the form shows the call's error from `request`. */
  onCode: (code: string) => Promise<void>;
  onCancel: () => void;
  autoFocus?: boolean;
  className?: string;
}) {
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string>();
  const { error, isLoading, reset } = request;
  const fieldError = localError ?? readProblem(error)?.errors?.code?.[0];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    reset();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message);
      return;
    }
    setLocalError(undefined);
    await onCode(code);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className={`flex flex-col gap-4 ${className}`}
    >
      {intro}
      {error && !fieldError && <Alert tone="error">{errorMessage(error)}</Alert>}
      <div className="max-w-sm">
        <TwoFactorCodeField
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldError}
          autoFocus={autoFocus}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isLoading}>
          {isLoading ? busyLabel : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isLoading}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
