import { toast } from 'sonner';
import { AUTH_MESSAGES, type User } from '@consult/shared';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/problem';
import { useMailDelivered } from '../../lib/site-brand-api';
import { useResendOwnVerificationMutation } from './account-api';

/** Tells a person whose address is not confirmed yet, and sends a new link on request. */
export function EmailVerificationBanner({ user }: { user: User }) {
  const [resend, { isLoading }] = useResendOwnVerificationMutation();
  const mailDelivered = useMailDelivered();
  if (user.emailVerified && !user.pendingEmail) return null;
  const address = user.pendingEmail ?? user.email;

  const onResend = async () => {
    const result = await resend();
    if ('data' in result && result.data) toast.success(result.data.message);
    else toast.error(errorMessage(result.error));
  };

  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-2xl border border-accent/30 bg-accent-soft px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="font-semibold text-ink">
          {user.pendingEmail ? 'Confirm your new e-mail address' : 'Confirm your e-mail address'}
        </p>
        <p className="mt-1 text-sm text-ink">
          {mailDelivered === false ? (
            <>
              No link could be sent to <strong className="break-all">{address}</strong>:{' '}
              {AUTH_MESSAGES.mailNotDelivered}
            </>
          ) : (
            <>
              We sent a link to <strong className="break-all">{address}</strong>. Open it to confirm
              the address
              {user.pendingEmail ? '; until then we keep writing to your current one.' : '.'}
            </>
          )}
        </p>
      </div>
      <Button
        variant="secondary"
        className="shrink-0"
        disabled={isLoading}
        onClick={() => void onResend()}
      >
        {isLoading ? 'Sending...' : 'Resend verification'}
      </Button>
    </div>
  );
}
