/**
 * Setting two-factor sign-in up: the QR code (made on our server) and the same key as text for
 * typing in, then a current code from the app to prove it works. The answer is the recovery codes.
 */
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { totpCodeSchema, type TwoFactorSetup } from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { errorMessage, readProblem } from '../../lib/problem';
import { TwoFactorCodeField } from './two-factor-code-field';
import { useConfirmTwoFactorSetupMutation } from './two-factor-api';

/** "ABCD EFGH …": a long key is easier to read and type in groups. */
function grouped(secret: string) {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

export function TwoFactorSetupPanel({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string>();
  const [confirm, { error, isLoading, reset }] = useConfirmTwoFactorSetupMutation();
  const fieldError = localError ?? readProblem(error)?.errors?.code?.[0];

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(setup.secret);
      toast.success('The key is copied.');
    } catch {
      toast.error('Copying did not work here. Type the key in by hand.');
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    reset();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message);
      return;
    }
    setLocalError(undefined);
    const result = await confirm({ code });
    if ('data' in result && result.data) onConfirmed(result.data.recoveryCodes);
  };

  return (
    <div className="flex flex-col gap-6">
      <ol className="flex list-decimal flex-col gap-6 pl-5 marker:font-semibold marker:text-brand">
        <li className="pl-1">
          <div className="flex flex-col gap-3">
            <p>
              Open an authenticator app on your phone (such as Google Authenticator, Microsoft
              Authenticator, 1Password or Aegis) and scan this QR code.
            </p>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
              alt="QR code to scan with your authenticator app"
              width={192}
              height={192}
              className="h-48 w-48 rounded-lg border border-line"
            />
          </div>
        </li>
        <li className="pl-1">
          <div className="flex flex-col gap-2">
            <p>Cannot scan it? Add an account by hand in the app with this key (time-based):</p>
            <div className="flex flex-wrap items-center gap-3">
              <code className="rounded-lg border border-line bg-paper px-3 py-2 font-mono text-base break-all text-ink">
                {grouped(setup.secret)}
              </code>
              <Button variant="secondary" onClick={() => void copyKey()}>
                Copy key
              </Button>
            </div>
          </div>
        </li>
        <li className="pl-1">
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            className="flex flex-col gap-4"
          >
            <p>Enter the code the app shows for this site to turn two-factor sign-in on.</p>
            {error && !fieldError && <Alert tone="error">{errorMessage(error)}</Alert>}
            <div className="max-w-sm">
              <TwoFactorCodeField
                value={code}
                onChange={(event) => setCode(event.target.value)}
                error={fieldError}
              />
            </div>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={isLoading}>
                {isLoading ? 'Checking...' : 'Turn on two-factor sign-in'}
              </Button>
              <Button variant="secondary" onClick={onCancel} disabled={isLoading}>
                Cancel
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
