import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema } from '@consult/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/problem';
import { useResendVerificationMutation } from '../../../lib/email-verification-api';

const schema = z.object({ email: emailSchema });

/**
 * Asks for a new confirmation link while signed out. With a known address it is one button;
 * otherwise the person types the address the link should go to.
 */
export function ResendVerification({ email }: { email?: string }) {
  const [resend, { data, error, isLoading }] = useResendVerificationMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: email ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    await resend({ email: values.email });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 border-t border-line pt-5">
      <h2 className="text-lg font-semibold text-ink">Need a new link?</h2>
      {data && <Alert tone="success">{data.message}</Alert>}
      {error && <Alert tone="error">{errorMessage(error)}</Alert>}
      {email ? (
        <input type="hidden" {...register('email')} />
      ) : (
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
      )}
      <Button type="submit" variant="secondary" disabled={isLoading}>
        {isLoading ? 'Sending...' : 'Resend verification e-mail'}
      </Button>
    </form>
  );
}
