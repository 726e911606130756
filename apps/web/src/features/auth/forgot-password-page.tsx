import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordSchema, paths } from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { applyFieldErrors } from '../../lib/form-errors';
import { errorMessage, readProblem } from '../../lib/problem';
import { useMailDelivered } from '../../lib/site-brand-api';
import { useForgotPasswordMutation } from './auth-api';
import { AuthLayout, textLinkClasses } from './components/auth-layout';
import { resetLinkLifetime } from './link-lifetime';

export function ForgotPasswordPage() {
  const [requestReset, { data, error, isLoading }] = useForgotPasswordMutation();
  const mailDelivered = useMailDelivered();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>(
    { resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } },
  );
  const onSubmit = handleSubmit(async (values) => {
    const result = await requestReset(values);
    if ('error' in result) applyFieldErrors(result.error, setError, ['email']);
  });
  const backToSignIn = (
    <p>
      Remembered it?{' '}
      <Link to={paths.signIn} className={textLinkClasses}>
        Back to sign in
      </Link>
    </p>
  );

  // No mail server: the same answer for every address, and no promise of a link.
  if (data && mailDelivered === false) {
    return (
      <AuthLayout title="No e-mail could be sent" footer={backToSignIn}>
        <Alert tone="info">{data.message}</Alert>
        <p className="mt-4 text-base text-muted">
          No reset link is on its way to <strong>{getValues('email')}</strong>. The business can
          help you back into your account.
        </p>
      </AuthLayout>
    );
  }

  if (data) {
    return (
      <AuthLayout title="Check your e-mail" footer={backToSignIn}>
        <Alert tone="success">{data.message}</Alert>
        <p className="mt-4 text-base text-muted">
          The link was sent to <strong>{getValues('email')}</strong> if it belongs to an account. It
          works for {resetLinkLifetime}. Nothing arrived? Check the spam folder, or try again in a
          few minutes.
        </p>
      </AuthLayout>
    );
  }

  const showServerError = error && !Object.keys(readProblem(error)?.errors ?? {}).length;
  return (
    <AuthLayout
      title="Forgot your password?"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={backToSignIn}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {showServerError && <Alert tone="error">{errorMessage(error)}</Alert>}
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
