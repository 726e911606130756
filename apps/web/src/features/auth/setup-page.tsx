import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  currencyChoices,
  DEFAULT_SITE_CURRENCY,
  paths,
  SETUP_CODE_INVALID_PROBLEM_TYPE,
  SETUP_DONE_PROBLEM_TYPE,
  SETUP_LIMITS,
  SETUP_MESSAGES,
  setupSchema,
  NAME_MAX_LENGTH,
} from '@consult/shared';
import { Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CheckboxField, TextField } from '../../components/ui/field';
import { NewPasswordField, PhoneField } from '../../components/ui/person-fields';
import { SelectField } from '../../components/ui/select-field';
import { applyFieldErrors } from '../../lib/form-errors';
import { errorMessage, readProblem } from '../../lib/problem';
import { AuthLayout, textLinkClasses } from './components/auth-layout';
import { useCompleteSetupMutation, useGetSetupStatusQuery } from './setup-api';

type FormInput = z.input<typeof setupSchema>;
type FormOutput = z.output<typeof setupSchema>;

const fields = [
  'code',
  'name',
  'email',
  'password',
  'businessName',
  'city',
  'phone',
  'currency',
  'keepExampleText',
] as const;

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
  const currencies = currencyChoices();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(setupSchema),
    defaultValues: {
      code: params.get('code') ?? '',
      name: '',
      email: '',
      password: '',
      businessName: '',
      city: '',
      phone: '',
      currency: DEFAULT_SITE_CURRENCY,
      keepExampleText: false,
    },
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
      intro="Create the owner account and tell visitors who you are. You can change all of it later in Site content."
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
            hint="You sign in with it, and your site shows it as your contact address."
            error={errors.email?.message}
            {...register('email')}
          />
          <NewPasswordField error={errors.password?.message} {...register('password')} />
          <fieldset className="flex flex-col gap-5 border-t border-line pt-5">
            <legend className="float-left mb-1 font-display text-xl text-brand">
              Your practice
            </legend>
            <TextField
              label="Business name (optional)"
              autoComplete="organization"
              maxLength={SETUP_LIMITS.businessNameMax}
              hint="In your site's header, its titles and your receipts. Leave empty to use your name."
              error={errors.businessName?.message}
              {...register('businessName')}
            />
            <TextField
              label="City (optional)"
              autoComplete="address-level2"
              maxLength={SETUP_LIMITS.cityMax}
              hint="Your site says “Based in” your city."
              error={errors.city?.message}
              {...register('city')}
            />
            <PhoneField
              placeholder={undefined}
              hint="In your site's footer; leave empty for none. Start with + and the country code."
              error={errors.phone?.message}
              {...register('phone')}
            />
            <SelectField
              label="Your prices are in"
              hint="Every price on your site shows in this currency. You can change it later."
              options={currencies}
              error={errors.currency?.message}
              {...register('currency')}
            />
            <CheckboxField
              label="Keep the example text"
              hint="The demo's biography, credentials, some FAQ answers, social links and terms describe another consultant. Unless you keep them, they are replaced by neutral text for your practice, ready to publish and to edit."
              error={errors.keepExampleText?.message}
              {...register('keepExampleText')}
            />
          </fieldset>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Creating your account...' : 'Create the owner account'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
