/**
 * Creating or editing one service. The price is typed in major units of the service's currency;
 * the address name follows the title until the owner changes it under "Advanced" (an existing
 * service keeps its address, since links to it are out there).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  consultationPathFor,
  currencyChoices,
  currencySign,
  INTAKE_QUESTIONS_MAX,
  MEETING_MODE_LABELS,
  MEETING_MODES,
  plainAmount,
  slugFromTitle,
  type ConsultationService,
  type ServiceInput,
} from '@consult/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses, TextField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { applyFieldErrors } from '../../../lib/form-errors';
import { errorMessage, fieldErrors, readProblem } from '../../../lib/problem';
import { useCreateServiceMutation, useUpdateServiceMutation } from '../api/admin-scheduling-api';
import { IntakeQuestionsEditor } from './intake-questions-editor';
import { serviceFormSchema, type ServiceFormInput } from './service-form-schema';

type FormInput = ServiceFormInput;

const FIELDS = [
  'slug',
  'title',
  'summary',
  'description',
  'durationMinutes',
  'price',
  'currency',
  'meetingMode',
  'address',
  'active',
  'order',
  'questions',
  // The server's messages for each question, by its position.
  ...Array.from({ length: INTAKE_QUESTIONS_MAX }, (_, index) => [
    `questions.${index}.label` as const,
    `questions.${index}.kind` as const,
    `questions.${index}.options` as const,
  ]).flat(),
] as const;

/** The fields under "Advanced": it opens by itself when one of them has a message. */
const ADVANCED_FIELDS = ['slug', 'order', 'currency'] as const;

function formValues(service: ConsultationService | null, siteCurrency: string): FormInput {
  if (!service) {
    return {
      slug: '',
      title: '',
      summary: '',
      description: '',
      durationMinutes: 60,
      price: '0',
      ownCurrency: false,
      currency: siteCurrency,
      meetingMode: 'video',
      address: null,
      active: true,
      order: 0,
      questions: [],
    };
  }
  const { id: _id, priceMinor, currency, ...rest } = service;
  return { ...rest, price: plainAmount(priceMinor, currency), currency };
}

/** Empty number inputs become NaN, which the schema answers with its own message. */
const asNumber = (value: unknown) => (value === '' ? Number.NaN : Number(value));

/** A service's web address as the owner reads it: /consultation?service=strategy-session. */
export function serviceAddress(slug: string): string {
  return consultationPathFor(slug || '…');
}

export function ServiceForm({
  service,
  siteCurrency,
  onDone,
}: {
  service: ConsultationService | null;
  siteCurrency: string;
  onDone: () => void;
}) {
  const [create, createState] = useCreateServiceMutation();
  const [update, updateState] = useUpdateServiceMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const failure = service ? updateState.error : createState.error;
  const schema = useMemo(() => serviceFormSchema(siteCurrency), [siteCurrency]);
  const choices = currencyChoices();
  // A new service's address name follows its title until the owner types one.
  const [slugByHand, setSlugByHand] = useState(service !== null);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<FormInput, unknown, ServiceInput>({
    resolver: zodResolver(schema),
    defaultValues: formValues(service, siteCurrency),
  });
  const [mode, slug, ownCurrency, chosenCurrency] = useWatch({
    control,
    name: ['meetingMode', 'slug', 'ownCurrency', 'currency'],
  });
  const currency = ownCurrency ? chosenCurrency : siteCurrency;
  const sign = currencySign(currency);

  const onSubmit = handleSubmit(async (input) => {
    const result = service ? await update({ id: service.id, input }) : await create(input);
    if ('error' in result) {
      if (!applyFieldErrors(result.error, setError, FIELDS)) {
        // The API counts in minor units; the form shows the same message under the price typed.
        const price = fieldErrors(result.error).priceMinor;
        if (price) setError('price', { type: 'server', message: price }, { shouldFocus: true });
      }
      return;
    }
    toast.success(service ? `${input.title} is saved.` : `${input.title} was added.`);
    onDone();
  });

  const onlyFieldErrors = Object.keys(readProblem(failure)?.errors ?? {}).length > 0;
  const advancedHasError = ADVANCED_FIELDS.some((field) => errors[field]);

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={service ? `Edit ${service.title}` : 'New service'}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-paper p-4 sm:p-5"
    >
      <h3 className="text-lg font-semibold text-ink">
        {service ? `Edit ${service.title}` : 'New service'}
      </h3>
      {failure && !onlyFieldErrors && <Alert tone="error">{errorMessage(failure)}</Alert>}
      <TextField
        label="Title"
        hint={<span className="break-all">Web address: {serviceAddress(slug)}</span>}
        error={errors.title?.message}
        {...register('title', {
          onChange: (event: { target: { value: string } }) => {
            if (!slugByHand) setValue('slug', slugFromTitle(event.target.value));
          },
        })}
      />
      <TextField
        label="Summary (optional)"
        hint="One line for the service cards."
        error={errors.summary?.message}
        {...register('summary')}
      />
      <Field label="Description (optional)" error={errors.description?.message}>
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            rows={3}
            className={inputClasses}
            {...register('description')}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          error={errors.durationMinutes?.message}
          {...register('durationMinutes', { setValueAs: asNumber })}
        />
        <Field label={`Price (${currency})`} hint="0 is free." error={errors.price?.message}>
          {({ id, describedBy, invalid }) => (
            <div className="flex">
              <span
                aria-hidden="true"
                className="inline-flex min-w-11 items-center justify-center rounded-l-lg border border-r-0 border-line bg-paper px-3 text-base font-semibold text-ink"
              >
                {sign}
              </span>
              <input
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                inputMode="decimal"
                autoComplete="off"
                className={`${inputClasses} min-w-0 rounded-l-none`}
                {...register('price')}
              />
            </div>
          )}
        </Field>
        <SelectField
          label="Meeting"
          options={MEETING_MODES.map((value) => ({ value, label: MEETING_MODE_LABELS[value] }))}
          error={errors.meetingMode?.message}
          {...register('meetingMode')}
        />
      </div>
      {mode === 'in_person' && (
        <TextField
          label="Address"
          error={errors.address?.message}
          {...register('address', { setValueAs: (value: string | null) => value || null })}
        />
      )}
      <IntakeQuestionsEditor control={control} register={register} errors={errors} />
      <label className="flex items-center gap-2 text-base text-ink">
        <input type="checkbox" className="size-5 accent-brand" {...register('active')} />
        Active: clients can book it
      </label>
      <details
        open={advancedOpen || advancedHasError}
        onToggle={(event) => setAdvancedOpen(event.currentTarget.open)}
        className="rounded-xl border border-line bg-surface"
      >
        <summary className="min-h-11 cursor-pointer px-4 py-2.5 font-semibold text-ink focus-visible:outline-3 focus-visible:outline-accent">
          Advanced
        </summary>
        <div className="flex flex-col gap-4 border-t border-line p-4">
          <TextField
            label="Address name"
            hint={
              service
                ? 'The end of this service’s web address. Changing it changes the address: links shared before stop choosing this service.'
                : 'The end of this service’s web address. It follows the title until you change it here.'
            }
            error={errors.slug?.message}
            autoCapitalize="none"
            spellCheck={false}
            {...register('slug', { onChange: () => setSlugByHand(true) })}
          />
          <TextField
            label="Order in lists"
            type="number"
            inputMode="numeric"
            hint="Smallest first."
            error={errors.order?.message}
            {...register('order', { setValueAs: asNumber })}
          />
          <label className="flex items-start gap-2 text-base text-ink">
            <input
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-brand"
              {...register('ownCurrency')}
            />
            <span>
              Charge this service in another currency
              <span className="block text-sm text-muted">
                Your site’s prices are in {siteCurrency}. A service in another currency shows its
                own beside them and does not follow when you change the site’s.
              </span>
            </span>
          </label>
          {ownCurrency && (
            <SelectField
              label="This service’s currency"
              options={choices}
              error={errors.currency?.message}
              {...register('currency')}
            />
          )}
        </div>
      </details>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : service ? 'Save service' : 'Add service'}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          Close
        </Button>
      </div>
    </form>
  );
}

/** The API's input for a stored service: a currency only when it is the service's own. */
export function toInput(service: ConsultationService): ServiceInput {
  const { id: _id, ownCurrency, currency, ...input } = service;
  return ownCurrency ? { ...input, currency } : input;
}
