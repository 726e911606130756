/** Adding or changing one of the owner's calendars: a label, its address and its two options. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  CALENDAR_SOURCE_LIMITS,
  calendarSourceInputSchema,
  type CalendarSourceInput,
  type CalendarSourceOptions,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CheckboxField, TextField } from '../../components/ui/field';
import { applyFieldErrors } from '../../lib/form-errors';
import { errorMessage } from '../../lib/problem';

export interface CalendarSourceValues {
  label: string;
  url: string;
  options: CalendarSourceOptions;
}

type MutationError = FetchBaseQueryError | SerializedError;

export function CalendarSourceForm({
  initial,
  submitLabel,
  busyLabel,
  onSave,
  onCancel,
}: {
  initial: CalendarSourceValues;
  submitLabel: string;
  busyLabel: string;
  /** Resolves with the server's error, if any. */
  onSave: (values: CalendarSourceValues) => Promise<MutationError | null>;
  onCancel: () => void;
}) {
  const [failure, setFailure] = useState<MutationError | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CalendarSourceInput, unknown, CalendarSourceValues>({
    resolver: zodResolver(calendarSourceInputSchema),
    defaultValues: initial,
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const error = await onSave(values);
    if (error && !applyFieldErrors(error, setError, ['label', 'url'])) setFailure(error);
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {failure && <Alert tone="error">{errorMessage(failure)}</Alert>}
      <TextField
        label="Name"
        hint="Shown only to you, in the slot preview: “busy in Personal”."
        maxLength={CALENDAR_SOURCE_LIMITS.labelMax}
        error={errors.label?.message}
        {...register('label')}
      />
      <TextField
        label="Calendar address"
        hint="The private iCalendar address your calendar app publishes (https:// or webcal://)."
        type="url"
        inputMode="url"
        autoComplete="off"
        maxLength={CALENDAR_SOURCE_LIMITS.urlMax}
        error={errors.url?.message}
        {...register('url')}
      />
      <CheckboxField
        label="All-day events block the whole day"
        hint="Holidays and days off: no slots on those days."
        {...register('options.blockAllDay')}
      />
      <CheckboxField
        label="Block every event"
        hint="Also events marked free or cancelled in your calendar."
        {...register('options.blockEverything')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
