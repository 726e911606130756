/** The chosen service's intake questions in the booking flow, one control per kind. */
import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import {
  INTAKE_LONG_ANSWER_MAX,
  INTAKE_SHORT_ANSWER_MAX,
  YES_NO_ANSWERS,
  YES_NO_LABELS,
  type IntakeQuestion,
} from '@consult/shared';
import { TextAreaField, TextField } from '../../../components/ui/field';

/** Question id → answer, as the API takes them. */
export type IntakeAnswerValues = Record<string, string>;
/** The form's own values before the shared schema checked them. */
export type IntakeAnswerFields = Record<string, unknown>;

function questionLabel(question: IntakeQuestion): string {
  return question.required ? question.label : `${question.label} (optional)`;
}

export function IntakeAnswers({
  questions,
  register,
  errors,
  heading,
}: {
  questions: readonly IntakeQuestion[];
  register: UseFormRegister<IntakeAnswerFields>;
  errors: FieldErrors<IntakeAnswerFields>;
  heading: string;
}) {
  return (
    <fieldset className="flex flex-col gap-5">
      <legend className="mb-4 text-lg font-semibold text-ink">{heading}</legend>
      {questions.map((question) => {
        const error = errors[question.id]?.message;
        switch (question.kind) {
          case 'short_text':
            return (
              <TextField
                key={question.id}
                label={questionLabel(question)}
                maxLength={INTAKE_SHORT_ANSWER_MAX}
                error={error}
                {...register(question.id)}
              />
            );
          case 'long_text':
            return (
              <TextAreaField
                key={question.id}
                label={questionLabel(question)}
                hint={`Up to ${INTAKE_LONG_ANSWER_MAX} characters.`}
                rows={4}
                maxLength={INTAKE_LONG_ANSWER_MAX}
                error={error}
                {...register(question.id)}
              />
            );
          case 'single_choice':
            return (
              <ChoiceQuestion
                key={question.id}
                question={question}
                choices={question.options.map((option) => ({ value: option, label: option }))}
                register={register}
                error={error}
              />
            );
          case 'yes_no':
            return (
              <ChoiceQuestion
                key={question.id}
                question={question}
                choices={YES_NO_ANSWERS.map((value) => ({ value, label: YES_NO_LABELS[value] }))}
                register={register}
                error={error}
              />
            );
        }
      })}
    </fieldset>
  );
}

function ChoiceQuestion({
  question,
  choices,
  register,
  error,
}: {
  question: IntakeQuestion;
  choices: { value: string; label: string }[];
  register: UseFormRegister<IntakeAnswerFields>;
  error: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-1.5">
      <legend className="text-sm font-semibold text-ink">{questionLabel(question)}</legend>
      <div className="mt-1.5 flex flex-wrap gap-x-6 gap-y-2">
        {choices.map((choice) => (
          <label key={choice.value} className="flex min-h-11 items-center gap-2 text-base text-ink">
            <input
              type="radio"
              value={choice.value}
              className="size-5 accent-brand"
              {...register(question.id)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
