/**
 * Setting two-factor sign-in up: the QR code (made on our server) and the same key as text for
 * typing in, then a current code from the app to prove it works. The answer is the recovery codes.
 */
import { toast } from 'sonner';
import type { TwoFactorSetup } from '@consult/shared';
import { Button } from '../../components/ui/button';
import { TwoFactorCodeForm } from './two-factor-code-form';
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
  const [confirm, request] = useConfirmTwoFactorSetupMutation();

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(setup.secret);
      toast.success('The key is copied.');
    } catch {
      toast.error('Copying did not work here. Type the key in by hand.');
    }
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
          <TwoFactorCodeForm
            intro={<p>Enter the code the app shows for this site to turn two-factor sign-in on.</p>}
            submitLabel="Turn on two-factor sign-in"
            busyLabel="Checking..."
            request={request}
            onCode={async (code) => {
              const result = await confirm({ code });
              if ('data' in result && result.data) onConfirmed(result.data.recoveryCodes);
            }}
            onCancel={onCancel}
          />
        </li>
      </ol>
    </div>
  );
}
