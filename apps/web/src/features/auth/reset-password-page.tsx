import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import {
  AUTH_MESSAGES,
  paths,
  resetPasswordSchema,
  type ResetPasswordInput,
  RESET_LINK_INVALID_PROBLEM_TYPE,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { NewPasswordField } from '../../components/ui/person-fields';
import { applyFieldErrors } from '../../lib/form-errors';
import { errorMessage, readProblem } from '../../lib/problem';
import { useResetPasswordMutation } from './auth-api';
import { AuthLayout, textLinkClasses } from './components/auth-layout';
import { resetLinkLifetime } from './link-lifetime';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [resetPassword, { data, error, isLoading }] = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    const result = await resetPassword({ token, ...values });
    if ('error' in result)
      applyFieldErrors(result.error, setError, ['password', 'confirmPassword']);
  });

  if (data) {
    return (
      <AuthLayout title="Password changed">
        <div className="flex flex-col gap-5">
          <Alert tone="success">{data.message}</Alert>
          <Link to={paths.signIn} className={buttonClasses('primary')}>
            Sign in
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const problem = readProblem(error);
  const linkBroken = !token || problem?.type === RESET_LINK_INVALID_PROBLEM_TYPE;
  if (linkBroken) {
    return (
      <AuthLayout title="This link does not work">
        <div className="flex flex-col gap-5">
          <Alert tone="error">{AUTH_MESSAGES.resetInvalid}</Alert>
          <p className="text-base text-muted">
            A reset link works once, for {resetLinkLifetime}. Ask for a new one.
          </p>
          <Link to={paths.forgotPassword} className={buttonClasses('primary')}>
            Get a new link
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const showServerError = error && !Object.keys(problem?.errors ?? {}).length;
  return (
    <AuthLayout
      title="Choose a new password"
      intro="After the change, every device signed in to your account is signed out."
      footer={
        <Link to={paths.signIn} className={textLinkClasses}>
          Back to sign in
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {showServerError && <Alert tone="error">{errorMessage(error)}</Alert>}
        <NewPasswordField
          label="New password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
