import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  paths,
  SETUP_CODE_INVALID_PROBLEM_TYPE,
  SETUP_DONE_PROBLEM_TYPE,
  SETUP_MESSAGES,
  setupSchema,
  NAME_MAX_LENGTH,
} from '@consult/shared';
import { Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { NewPasswordField } from '../../components/ui/person-fields';
import { applyFieldErrors } from '../../lib/form-errors';
import { errorMessage, readProblem } from '../../lib/problem';
import { AuthLayout, textLinkClasses } from './components/auth-layout';
import { useCompleteSetupMutation, useGetSetupStatusQuery } from './setup-api';

type FormInput = z.input<typeof setupSchema>;
type FormOutput = z.output<typeof setupSchema>;

const fields = ['code', 'name', 'email', 'password'] as const;

function AlreadySetUp() {
  return (
    <Alert tone="info" title="Already set up">
      {SETUP_MESSAGES.alreadyDone}{' '}
      <Link to={paths.signIn} className={textLinkClasses}>
        Sign in
      </Link>
    </Alert>
  );
}

/**
 * /setup?code=…: the first owner account, with the code the server printed at its first start.
 * On success the owner is signed in and lands on /admin/config with the checklist of what is left.
 */
export function SetupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status = useGetSetupStatusQuery();
  const [completeSetup, { error, reset }] = useCompleteSetupMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(setupSchema),
    defaultValues: { code: params.get('code') ?? '', name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    reset();
    const result = await completeSetup(values);
    if ('data' in result) {
      await navigate(paths.admin.config, { replace: true });
      return;
    }
    applyFieldErrors(result.error, setError, fields);
  });

  const problem = readProblem(error);
  const done = status.data?.needed === false || problem?.type === SETUP_DONE_PROBLEM_TYPE;
  // The code's own message shows under its field; anything else above the form.
  const showError =
    error && problem?.type !== SETUP_CODE_INVALID_PROBLEM_TYPE && !problem?.errors && !done;

  return (
    <AuthLayout
      title="Set up your site"
      intro="Create the owner account. You will manage bookings, clients and the site from it."
    >
      {status.isLoading ? (
        <Skeleton lines={4} label="Checking whether the site is set up" />
      ) : done ? (
        <AlreadySetUp />
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {showError && <Alert tone="error">{errorMessage(error)}</Alert>}
          <TextField
            label="Setup code"
            autoComplete="off"
            spellCheck={false}
            hint="Filled in from the link the server printed when it started."
            error={errors.code?.message}
            {...register('code')}
          />
          <TextField
            label="Your name"
            maxLength={NAME_MAX_LENGTH}
            autoComplete="name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <NewPasswordField error={errors.password?.message} {...register('password')} />
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Creating your account...' : 'Create the owner account'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
