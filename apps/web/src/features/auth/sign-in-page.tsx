import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, loginSchema, paths, type LoginInput } from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { errorMessage } from '../../lib/problem';
import { useLoginMutation } from './auth-api';
import { readTokenUser } from '../../lib/session/auth-slice';
import { AuthLayout, textLinkClasses } from './components/auth-layout';
import {
  readSignInState,
  returnPathAfterSignIn,
  takeRememberedReturnTo,
} from '../../lib/return-to';
import { homeForRole, useAuth } from '../../hooks/use-auth';
import { useHydrated } from '../../hooks/use-hydrated';
import { TwoFactorStep } from './two-factor-step';

export function SignInPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { email: signedInEmail, role: signedInRole } = useAuth();
  // The server renders this page (decision 048) and knows nothing of the history entry's state, so
  // the notes it carries (signed out, which page asked) appear once the page has hydrated; until then
  // the button stays disabled, as a form sent before the app runs would put the password in the URL.
  const hydrated = useHydrated();
  const state = readSignInState(hydrated ? location.state : null);
  const [login, { error, isLoading, reset }] = useLoginMutation();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    // No default values: registering the fields then keeps what was typed before the app started.
    resolver: zodResolver(loginSchema),
  });

  // Set when the account has two-factor sign-in: the page asks for the code next.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [restartReason, setRestartReason] = useState<string>();

  const enter = async (accessToken: string) => {
    const role = readTokenUser(accessToken)?.role ?? '';
    // A page remembered earlier in this tab (a booking waiting for its sign-in) comes after the
    // guard's `from` and the `next` link.
    const remembered = takeRememberedReturnTo();
    await navigate(
      returnPathAfterSignIn(role, state.from, searchParams.get('next') ?? remembered ?? null),
      { replace: true },
    );
  };

  const onSubmit = handleSubmit(async (values) => {
    reset();
    setRestartReason(undefined);
    const result = await login(values);
    if ('data' in result && result.data) {
      if ('challenge' in result.data) {
        setChallenge(result.data.challenge);
        setValue('password', '');
      } else {
        await enter(result.data.accessToken);
      }
    }
  });

  if (challenge) {
    return (
      <AuthLayout
        title="Two-factor sign-in"
        intro="Your password is right. Now enter the code from your authenticator app."
      >
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={enter}
          onRestart={(reason) => {
            setRestartReason(reason);
            setChallenge(null);
          }}
        />
      </AuthLayout>
    );
  }

  // A missing e-mail or password gets one sentence, shown once for the whole form.
  const missingField = Boolean(errors.email || errors.password);
  const busy = isLoading || isSubmitting;

  return (
    <AuthLayout
      title="Sign in"
      intro="Welcome back. Sign in to manage your consultations."
      footer={
        <p>
          New here?{' '}
          <Link to={paths.signUp} className={textLinkClasses}>
            Create an account
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {state.signedOut && !error && !missingField && (
          <Alert tone="success">You have signed out.</Alert>
        )}
        {state.adminRequired && signedInEmail && (
          <Alert tone="info" title="Admins only">
            The admin area needs an administrator account. You are signed in as {signedInEmail}.
          </Alert>
        )}
        {signedInEmail && !state.adminRequired && (
          <Alert tone="info">
            You are signed in as {signedInEmail}.{' '}
            <Link to={homeForRole(signedInRole)} className={textLinkClasses}>
              Go to your dashboard
            </Link>
          </Alert>
        )}
        {state.from && !state.adminRequired && !state.signedOut && (
          <Alert tone="info">Sign in to continue to that page.</Alert>
        )}
        {restartReason && !error && <Alert tone="info">{restartReason}</Alert>}
        {missingField && <Alert tone="error">{AUTH_MESSAGES.loginFieldsRequired}</Alert>}
        {error && !missingField && <Alert tone="error">{errorMessage(error)}</Alert>}
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={errors.email ? true : undefined}
          {...register('email')}
        />
        <div className="flex flex-col gap-2">
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            {...register('password')}
          />
          <Link to={paths.forgotPassword} className={`self-end text-sm ${textLinkClasses}`}>
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" disabled={busy || !hydrated}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
