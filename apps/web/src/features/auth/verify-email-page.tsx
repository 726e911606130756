import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  AUTH_MESSAGES,
  EMAIL_ALREADY_VERIFIED_PROBLEM_TYPE,
  EMAIL_VERIFICATION_TTL_HOURS,
  paths,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { LoadingScreen } from '../../components/loading-screen';
import { errorMessage, readProblem } from '../../lib/problem';
import { useResendVerificationMutation } from '../../lib/email-verification-api';
import { useRestoreSessionMutation, useVerifyEmailMutation } from './auth-api';
import { hasSessionHint } from '../../lib/session/session-hint';
import { AuthLayout } from './components/auth-layout';
import { ResendVerification } from './components/resend-verification';
import { homeForRole, useAuth } from '../../hooks/use-auth';

/** Opens the link from the confirmation mail: confirms at once, or offers a new link. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { token: session, role } = useAuth();
  const [verify, { data, error, isUninitialized, isLoading }] = useVerifyEmailMutation();
  // A link works once; this keeps a re-run effect (React's development double run) from using it twice.
  const sent = useRef(false);

  const [restore] = useRestoreSessionMutation();

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    // The server ends every session of the account opened before the confirmation, except the one
    // that sends it: a browser signed in to it confirms with its session, restored first if needed.
    void (async () => {
      if (hasSessionHint()) await restore();
      await verify({ token });
    })();
  }, [token, verify, restore]);

  if (token && (isUninitialized || isLoading)) {
    return (
      <AuthLayout title="Confirming your e-mail">
        <LoadingScreen />
      </AuthLayout>
    );
  }

  const onward = session ? (
    <Link to={homeForRole(role)} className={buttonClasses('primary')}>
      Go to your dashboard
    </Link>
  ) : (
    <Link to={paths.signIn} className={buttonClasses('primary')}>
      Sign in
    </Link>
  );

  // The link was used before and its address is confirmed: nothing is wrong, nothing to do.
  if (readProblem(error)?.type === EMAIL_ALREADY_VERIFIED_PROBLEM_TYPE) {
    return (
      <AuthLayout title="Already confirmed">
        <div className="flex flex-col gap-5">
          <Alert tone="success" title={AUTH_MESSAGES.emailAlreadyVerified}>
            This link was used before. There is nothing more to do: you can{' '}
            {session ? 'carry on' : 'sign in'}.
          </Alert>
          {onward}
        </div>
      </AuthLayout>
    );
  }

  if (data) {
    return (
      <AuthLayout title="E-mail confirmed">
        <div className="flex flex-col gap-5">
          <Alert tone="success" title={data.message}>
            <strong>{data.email}</strong> is now confirmed.
          </Alert>
          {onward}
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="This link does not work">
      <div className="flex flex-col gap-5">
        <Alert tone="error">
          {token ? errorMessage(error) : AUTH_MESSAGES.verificationInvalid}
        </Alert>
        <p className="text-base text-muted">
          A link works once, for {EMAIL_VERIFICATION_TTL_HOURS} hours. Ask for a new one below.
        </p>
        {session ? <SignedInResend /> : <ResendVerification />}
      </div>
    </AuthLayout>
  );
}

function SignedInResend() {
  const [resend, { data, error, isLoading }] = useResendVerificationMutation();
  return (
    <div className="flex flex-col gap-4 border-t border-line pt-5">
      {data && <Alert tone="success">{data.message}</Alert>}
      {error && <Alert tone="error">{errorMessage(error)}</Alert>}
      <Button variant="secondary" disabled={isLoading} onClick={() => void resend({})}>
        {isLoading ? 'Sending...' : 'Resend verification e-mail'}
      </Button>
    </div>
  );
}
