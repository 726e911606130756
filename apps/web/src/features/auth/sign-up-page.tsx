import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  AUTH_MESSAGES,
  EMAIL_VERIFICATION_TTL_HOURS,
  paths,
  registerFieldsSchema,
  NAME_MAX_LENGTH,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { BirthDateField, NewPasswordField, PhoneField } from '../../components/ui/person-fields';
import { SelectField } from '../../components/ui/select-field';
import { applyFieldErrors } from '../../lib/form-errors';
import { errorMessage, readProblem } from '../../lib/problem';
import { detectTimeZone, timeZoneOptions } from '../../lib/date-time';
import { useRegisterMutation } from './auth-api';
import { AuthLayout, textLinkClasses } from './components/auth-layout';
import { ResendVerification } from './components/resend-verification';
import { useProofOfWork } from './proof-of-work/use-proof-of-work';
import { useMailDelivered } from '../../lib/site-brand-api';

type FormInput = z.input<typeof registerFieldsSchema>;
type FormOutput = z.output<typeof registerFieldsSchema>;

const fields = ['name', 'email', 'password', 'DOB', 'phone', 'timeZone'] as const;

/** The address an invitation's link fills in (`/signup?email=…`); the person may still change it. */
function invitedEmail(params: URLSearchParams): string {
  return (params.get('email') ?? '').trim();
}

export function SignUpPage() {
  const mailDelivered = useMailDelivered();
  const [params] = useSearchParams();
  const [registerUser, { error, reset }] = useRegisterMutation();
  const proofOfWork = useProofOfWork();
  const [waitingForCheck, setWaitingForCheck] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const detectedZone = useMemo(() => detectTimeZone(), []);
  const zones = useMemo(() => timeZoneOptions(detectedZone), [detectedZone]);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(registerFieldsSchema),
    defaultValues: {
      name: '',
      email: invitedEmail(params),
      password: '',
      DOB: '',
      phone: '',
      timeZone: detectedZone,
    },
  });
  const chosenZone = useWatch({ control, name: 'timeZone' });

  const onSubmit = handleSubmit(async (values) => {
    reset();
    if (proofOfWork.status === 'failed') proofOfWork.renew();
    setWaitingForCheck(proofOfWork.status !== 'solved');
    const token = await proofOfWork.waitForToken();
    setWaitingForCheck(false);
    if (!token) {
      setError('root', { message: AUTH_MESSAGES.challengeFailed });
      return;
    }
    const result = await registerUser({ ...values, token });
    if ('data' in result) {
      setRegisteredEmail(values.email);
      return;
    }
    // Each challenge counts once: whatever happened, the next attempt needs a fresh one.
    proofOfWork.renew();
    applyFieldErrors(result.error, setError, fields);
  });

  if (registeredEmail && mailDelivered === false) {
    return (
      <AuthLayout title="Your account is created">
        <div className="flex flex-col gap-5">
          <Alert tone="info" title={AUTH_MESSAGES.mailNotDelivered}>
            No confirmation link was sent to <strong>{registeredEmail}</strong>. The business can
            confirm your address for you.
          </Alert>
          <Link to={paths.signIn} className={`self-start ${textLinkClasses}`}>
            Continue to sign in
          </Link>
        </div>
      </AuthLayout>
    );
  }

  if (registeredEmail) {
    return (
      <AuthLayout title="Check your e-mail">
        <div className="flex flex-col gap-5">
          <Alert tone="success" title={AUTH_MESSAGES.registered}>
            We sent a confirmation link to <strong>{registeredEmail}</strong>. Open it to activate
            your account; the link works for {EMAIL_VERIFICATION_TTL_HOURS} hours.
          </Alert>
          <Link to={paths.signIn} className={`self-start ${textLinkClasses}`}>
            Continue to sign in
          </Link>
          <ResendVerification email={registeredEmail} />
        </div>
      </AuthLayout>
    );
  }

  const problem = readProblem(error);
  const showServerError = error && !Object.keys(problem?.errors ?? {}).length;
  const busy = isSubmitting;
  const submitLabel = waitingForCheck
    ? 'Running the anti-bot check...'
    : busy
      ? 'Creating your account...'
      : 'Create account';

  return (
    <AuthLayout
      title="Create your account"
      intro="Book consultations, keep your notes and payments in one place."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.signIn} className={textLinkClasses}>
            Sign in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
        {showServerError && <Alert tone="error">{errorMessage(error)}</Alert>}
        <TextField
          label="Full name"
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
        <BirthDateField error={errors.DOB?.message} {...register('DOB')} />
        <PhoneField error={errors.phone?.message} {...register('phone')} />
        <SelectField
          label="Time zone"
          hint={
            chosenZone === detectedZone
              ? 'Detected from this device; consultation times are shown in it.'
              : 'Consultation times are shown in it.'
          }
          options={zones}
          error={errors.timeZone?.message}
          {...register('timeZone')}
        />
        <Button type="submit" disabled={busy}>
          {busy && (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
            />
          )}
          {submitLabel}
        </Button>
        <p className="text-sm text-muted" aria-live="polite">
          {proofOfWork.status === 'solved'
            ? 'Anti-bot check done.'
            : proofOfWork.status === 'failed'
              ? 'The anti-bot check could not run; it is retried when you submit.'
              : 'A quick anti-bot check runs in the background while you type.'}
        </p>
      </form>
    </AuthLayout>
  );
}
