/**
 * The intake questions of a service in its form: add, remove, move up or down, the kind, the
 * options of a single choice (one a line) and whether an answer is required.
 */
import {
  Controller,
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import {
  INTAKE_OPTIONS_MAX,
  INTAKE_OPTIONS_MIN,
  INTAKE_QUESTION_KIND_LABELS,
  INTAKE_QUESTION_KINDS,
  INTAKE_QUESTIONS_MAX,
  type ServiceInput,
} from '@consult/shared';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses, TextField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import type { ServiceFormInput } from './service-form-schema';

type FormInput = ServiceFormInput;

const NEW_QUESTION = { kind: 'short_text', label: '', required: false, options: [] } as const;

/** The first message under a path of nested errors (an option's, or the options list's own). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const value of Object.values(error)) {
    const message = firstMessage(value);
    if (message) return message;
  }
  return undefined;
}

export function IntakeQuestionsEditor({
  control,
  register,
  errors,
}: {
  control: Control<FormInput, unknown, ServiceInput>;
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
}) {
  // The generated key must not replace the questions' own ids.
  const { fields, append, remove, move } = useFieldArray({
    control,
    name: 'questions',
    keyName: 'key',
  });
  const listError = errors.questions?.message ?? errors.questions?.root?.message;

  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <legend className="px-1 text-base font-semibold text-ink">Intake questions</legend>
      <p className="text-sm text-muted">
        Asked before the client confirms a booking, in this order; up to {INTAKE_QUESTIONS_MAX}.
        Answers already given keep the question as it was asked.
      </p>
      {listError && (
        <p role="alert" className="text-sm font-medium text-danger">
          {listError}
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => (
          <li
            key={field.key}
            aria-label={`Question ${index + 1}`}
            className="flex flex-col gap-3 rounded-lg border border-line p-3"
          >
            <QuestionFields index={index} control={control} register={register} errors={errors} />
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
                aria-label={`Move question ${index + 1} up`}
              >
                Up
              </Button>
              <Button
                variant="secondary"
                disabled={index === fields.length - 1}
                onClick={() => move(index, index + 1)}
                aria-label={`Move question ${index + 1} down`}
              >
                Down
              </Button>
              <Button
                variant="ghost"
                onClick={() => remove(index)}
                aria-label={`Remove question ${index + 1}`}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {fields.length === 0 && <p className="text-sm text-muted">No questions: none are asked.</p>}
      <Button
        variant="secondary"
        className="self-start"
        disabled={fields.length >= INTAKE_QUESTIONS_MAX}
        onClick={() => append({ ...NEW_QUESTION, options: [] })}
      >
        Add a question
      </Button>
    </fieldset>
  );
}

function QuestionFields({
  index,
  control,
  register,
  errors,
}: {
  index: number;
  control: Control<FormInput, unknown, ServiceInput>;
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
}) {
  const kind = useWatch({ control, name: `questions.${index}.kind` });
  const questionErrors = errors.questions?.[index];
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <TextField
          label={`Question ${index + 1}`}
          error={questionErrors?.label?.message}
          {...register(`questions.${index}.label`)}
        />
        <SelectField
          label="Kind"
          options={INTAKE_QUESTION_KINDS.map((value) => ({
            value,
            label: INTAKE_QUESTION_KIND_LABELS[value],
          }))}
          error={questionErrors?.kind?.message}
          {...register(`questions.${index}.kind`)}
        />
      </div>
      {kind === 'single_choice' && (
        <Controller
          control={control}
          name={`questions.${index}.options`}
          render={({ field }) => (
            <Field
              label="Options"
              hint={`One option a line, ${INTAKE_OPTIONS_MIN} to ${INTAKE_OPTIONS_MAX}.`}
              error={firstMessage(questionErrors?.options)}
            >
              {({ id, describedBy, invalid }) => (
                <textarea
                  id={id}
                  ref={field.ref}
                  name={field.name}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  rows={4}
                  className={inputClasses}
                  value={(field.value ?? []).join('\n')}
                  onChange={(event) => field.onChange(event.target.value.split('\n'))}
                  // Blank lines are only room to type in: they leave on blur.
                  onBlur={() => {
                    field.onChange((field.value ?? []).filter((option) => option.trim() !== ''));
                    field.onBlur();
                  }}
                />
              )}
            </Field>
          )}
        />
      )}
      <label className="flex items-center gap-2 text-base text-ink">
        <input
          type="checkbox"
          className="size-5 accent-brand"
          {...register(`questions.${index}.required`)}
        />
        An answer is required
      </label>
    </>
  );
}
