/** A signed-in client whose address is not confirmed yet: why booking waits, and a new link. */
import { AUTH_MESSAGES, BOOKING_MESSAGES } from '@consult/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/problem';
import { useMailDelivered } from '../../../lib/site-brand-api';
import { useResendVerificationMutation } from '../../../lib/email-verification-api';

export function VerifyEmailNotice({ onRetry }: { onRetry: () => Promise<void> }) {
  const [resend, { data, error, isLoading }] = useResendVerificationMutation();
  const mailDelivered = useMailDelivered();
  return (
    <Alert tone="info" title={BOOKING_MESSAGES.emailNotVerified}>
      <p>
        {mailDelivered === false
          ? `${AUTH_MESSAGES.mailNotDelivered} Once the business has confirmed your address, come back to this tab: your choice is kept.`
          : 'We sent a confirmation link when you signed up. Open it, then come back to this tab and confirm: your choice is kept.'}
      </p>
      {data && <p className="mt-2 font-semibold">{data.message}</p>}
      {error && <p className="mt-2 font-semibold text-danger">{errorMessage(error)}</p>}
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="secondary" disabled={isLoading} onClick={() => void resend({})}>
          {isLoading ? 'Sending...' : 'Resend verification e-mail'}
        </Button>
        <Button variant="ghost" onClick={() => void onRetry()}>
          I have confirmed it, book now
        </Button>
      </div>
    </Alert>
  );
}
