/** Creating or editing one service, checked with the shared service schema. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  formatPrice,
  INTAKE_QUESTIONS_MAX,
  MEETING_MODE_LABELS,
  MEETING_MODES,
  serviceInputSchema,
  type ConsultationService,
  type ServiceInput,
} from '@consult/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses, TextField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { applyFieldErrors } from '../../../lib/form-errors';
import { errorMessage, readProblem } from '../../../lib/problem';
import { useCreateServiceMutation, useUpdateServiceMutation } from '../api/admin-scheduling-api';
import { IntakeQuestionsEditor } from './intake-questions-editor';

type FormInput = z.input<typeof serviceInputSchema>;
type FormOutput = z.output<typeof serviceInputSchema>;

const FIELDS = [
  'slug',
  'title',
  'summary',
  'description',
  'durationMinutes',
  'priceMinor',
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

const EMPTY: FormInput = {
  slug: '',
  title: '',
  summary: '',
  description: '',
  durationMinutes: 60,
  priceMinor: 0,
  currency: 'PKR',
  meetingMode: 'video',
  address: null,
  active: true,
  order: 0,
  questions: [],
};

/** Empty number inputs become NaN, which the schema answers with its own message. */
const asNumber = (value: unknown) => (value === '' ? Number.NaN : Number(value));

export function ServiceForm({
  service,
  onDone,
}: {
  service: ConsultationService | null;
  onDone: () => void;
}) {
  const [create, createState] = useCreateServiceMutation();
  const [update, updateState] = useUpdateServiceMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const failure = service ? updateState.error : createState.error;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(serviceInputSchema),
    defaultValues: service ? toInput(service) : EMPTY,
  });
  const [mode, priceMinor, currency] = useWatch({
    control,
    name: ['meetingMode', 'priceMinor', 'currency'],
  });

  const onSubmit = handleSubmit(async (values) => {
    const input: ServiceInput = { ...values, address: values.address || null };
    const result = service ? await update({ id: service.id, input }) : await create(input);
    if ('error' in result) {
      applyFieldErrors(result.error, setError, FIELDS);
      return;
    }
    toast.success(service ? `${values.title} is saved.` : `${values.title} was added.`);
    onDone();
  });

  const onlyFieldErrors = Object.keys(readProblem(failure)?.errors ?? {}).length > 0;
  const pricePreview =
    Number.isInteger(priceMinor) && /^[A-Z]{3}$/.test(currency ?? '')
      ? safePrice(priceMinor as number, currency as string)
      : null;

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
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Title" error={errors.title?.message} {...register('title')} />
        <TextField
          label="Slug"
          hint="The service's name in addresses, e.g. first-consultation."
          error={errors.slug?.message}
          autoCapitalize="none"
          {...register('slug')}
        />
      </div>
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
        <TextField
          label="Price (minor units)"
          type="number"
          inputMode="numeric"
          hint={pricePreview ? `= ${pricePreview}` : 'In cents or paisa; 0 is free.'}
          error={errors.priceMinor?.message}
          {...register('priceMinor', { setValueAs: asNumber })}
        />
        <TextField
          label="Currency"
          autoCapitalize="characters"
          maxLength={3}
          error={errors.currency?.message}
          {...register('currency', {
            setValueAs: (value: string) => value.trim().toUpperCase(),
          })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Meeting"
          options={MEETING_MODES.map((value) => ({ value, label: MEETING_MODE_LABELS[value] }))}
          error={errors.meetingMode?.message}
          {...register('meetingMode')}
        />
        <TextField
          label="Order in lists"
          type="number"
          inputMode="numeric"
          hint="Smallest first."
          error={errors.order?.message}
          {...register('order', { setValueAs: asNumber })}
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

function safePrice(priceMinor: number, currency: string): string | null {
  try {
    return formatPrice({ priceMinor, currency });
  } catch {
    return null;
  }
}

export function toInput(service: ConsultationService): ServiceInput {
  const { id: _id, ...input } = service;
  return input;
}
