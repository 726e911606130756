/** The three forms of the profile screen: personal details, sign-in address and password. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  changePasswordFormSchema,
  dobSchema,
  emailSchema,
  nameSchema,
  phoneSchema,
  timeZoneSchema,
  type ChangePasswordFormInput,
  type User,
  NAME_MAX_LENGTH,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { BirthDateField, NewPasswordField, PhoneField } from '../../components/ui/person-fields';
import { SelectField } from '../../components/ui/select-field';
import { applyFieldErrors } from '../../lib/form-errors';
import { errorMessage, readProblem } from '../../lib/problem';
import { useMailDelivered } from '../../lib/site-brand-api';
import { timeZoneOptions } from '../../lib/date-time';
import { useUpdateUserMutation } from './account-api';

const detailsSchema = z.object({
  name: nameSchema,
  phone: z.union([phoneSchema, z.literal('').transform(() => null)]),
  // Optional here: accounts created by the admin set-up have no birth date yet.
  DOB: z.union([dobSchema, z.literal('').transform(() => undefined)]),
  timeZone: timeZoneSchema,
});

function hasOnlyFieldErrors(error: Parameters<typeof readProblem>[0]) {
  return Object.keys(readProblem(error)?.errors ?? {}).length > 0;
}

export function DetailsForm({
  user,
  description = 'Shown to your consultant and used for reminders.',
}: {
  user: User;
  description?: string;
}) {
  const [update, { error, isLoading, reset }] = useUpdateUserMutation();
  const zones = useMemo(() => timeZoneOptions(user.timeZone), [user.timeZone]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<z.input<typeof detailsSchema>, unknown, z.output<typeof detailsSchema>>({
    resolver: zodResolver(detailsSchema),
    values: {
      name: user.name,
      phone: user.phone ?? '',
      DOB: user.DOB ?? '',
      timeZone: user.timeZone,
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    reset();
    const result = await update(values);
    if ('data' in result) toast.success('Your details are saved.');
    else applyFieldErrors(result.error, setError, ['name', 'phone', 'DOB', 'timeZone']);
  });

  return (
    <Card title="Personal details" description={description}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {error && !hasOnlyFieldErrors(error) && <Alert tone="error">{errorMessage(error)}</Alert>}
        <TextField
          label="Full name"
          maxLength={NAME_MAX_LENGTH}
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <PhoneField
          hint="With the country code, e.g. +92 for Pakistan. Leave empty to remove it."
          error={errors.phone?.message}
          {...register('phone')}
        />
        <BirthDateField error={errors.DOB?.message} {...register('DOB')} />
        <SelectField
          label="Time zone"
          hint="Consultation times are shown in this zone."
          options={zones}
          error={errors.timeZone?.message}
          {...register('timeZone')}
        />
        <Button type="submit" className="self-start" disabled={isLoading || !isDirty}>
          {isLoading ? 'Saving...' : 'Save details'}
        </Button>
      </form>
    </Card>
  );
}

const emailFormSchema = z.object({ email: emailSchema });

export function EmailForm({ user }: { user: User }) {
  const [update, { error, isLoading, reset }] = useUpdateUserMutation();
  const mailDelivered = useMailDelivered();
  const {
    register,
    handleSubmit,
    setError,
    reset: resetForm,
    formState: { errors },
  } = useForm<z.input<typeof emailFormSchema>, unknown, z.output<typeof emailFormSchema>>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    reset();
    if (email === user.email) {
      setError('email', { message: 'That is already your sign-in address.' });
      return;
    }
    const result = await update({ email });
    if ('data' in result) {
      toast.success(
        mailDelivered === false
          ? `${email} is saved and waits for confirmation. ${AUTH_MESSAGES.mailNotDelivered}`
          : `We sent a confirmation link to ${email}.`,
      );
      resetForm();
    } else applyFieldErrors(result.error, setError, ['email']);
  });

  return (
    <Card
      title="Sign-in e-mail"
      description={
        <>
          You sign in with <strong className="break-all text-ink">{user.email}</strong>. A new
          address takes effect once you open the link we send to it.
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {user.pendingEmail && (
          <Alert tone="info" title="Change waiting for confirmation">
            {mailDelivered === false ? (
              <>
                <strong className="break-all">{user.pendingEmail}</strong> waits for confirmation,
                but no link could be sent: {AUTH_MESSAGES.mailNotDelivered}
              </>
            ) : (
              <>
                We sent a link to <strong className="break-all">{user.pendingEmail}</strong>.
              </>
            )}{' '}
            Until it is confirmed, you keep signing in with your current address.
          </Alert>
        )}
        {error && !hasOnlyFieldErrors(error) && <Alert tone="error">{errorMessage(error)}</Alert>}
        <TextField
          label="New e-mail address"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" className="self-start" disabled={isLoading}>
          {isLoading ? 'Sending link...' : 'Change e-mail'}
        </Button>
      </form>
    </Card>
  );
}

export function PasswordForm() {
  const [update, { error, isLoading, reset }] = useUpdateUserMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset: resetForm,
    formState: { errors },
  } = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    reset();
    const result = await update({ currentPassword, newPassword });
    if ('data' in result) {
      toast.success('Your password is changed. Other devices have been signed out.');
      resetForm();
    } else applyFieldErrors(result.error, setError, ['currentPassword', 'newPassword']);
  });

  return (
    <Card title="Password" description="Changing it signs out every other device.">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" id="password">
        {error && !hasOnlyFieldErrors(error) && <Alert tone="error">{errorMessage(error)}</Alert>}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordField
          label="New password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" className="self-start" disabled={isLoading}>
          {isLoading ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}
