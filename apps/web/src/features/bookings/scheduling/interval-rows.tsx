/** A day's open intervals as HH:MM pairs, with add and remove; used by weekly hours and overrides. */
import { get, useFieldArray, useFormContext } from 'react-hook-form';
import { timeToMinutes, type SchedulingSettingsInput, type Weekday } from '@consult/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';

export type IntervalsName = `weeklyHours.${Weekday}` | `dateOverrides.${number}.intervals`;

const MINUTES_PER_DAY = 24 * 60;
const DEFAULT_INTERVAL = { start: '09:00', end: '17:00' };

function minutesToTime(minutes: number): string {
  const clamped = Math.min(minutes, MINUTES_PER_DAY);
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
}

/** The error a schema or the server put on a path, whether on the field or on its array's root. */
export function errorAt(errors: unknown, path: string): string | undefined {
  const entry = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  return entry?.message ?? entry?.root?.message;
}

export function IntervalRows({
  name,
  dayLabel,
  emptyLabel = 'Closed',
}: {
  name: IntervalsName;
  dayLabel: string;
  /** What a day without intervals means here. */
  emptyLabel?: string;
}) {
  const {
    control,
    register,
    getValues,
    formState: { errors },
  } = useFormContext<SchedulingSettingsInput>();
  const { fields, append, remove } = useFieldArray({ control, name });
  const dayError = errorAt(errors, name);

  const add = () => {
    const current = (getValues(name) ?? []) as { start: string; end: string }[];
    const last = current.at(-1);
    if (!last || !/^\d{2}:\d{2}$/.test(last.end)) {
      append(DEFAULT_INTERVAL);
      return;
    }
    // The next stretch starts an hour after the last one ends, when the day has room for it.
    const start = Math.min(timeToMinutes(last.end) + 60, MINUTES_PER_DAY - 60);
    append({ start: minutesToTime(start), end: minutesToTime(start + 60) });
  };

  return (
    <div className="flex flex-col gap-3">
      {fields.length === 0 && <p className="text-sm text-muted">{emptyLabel}</p>}
      {fields.map((field, index) => (
        <div key={field.id} className="flex items-start gap-2 sm:gap-3">
          <div className="min-w-0 flex-1 sm:w-28 sm:flex-none">
            <TextField
              label="From"
              inputMode="numeric"
              placeholder="09:00"
              aria-label={`${dayLabel}, interval ${index + 1}, from`}
              error={errorAt(errors, `${name}.${index}.start`)}
              {...register(`${name}.${index}.start`)}
            />
          </div>
          <div className="min-w-0 flex-1 sm:w-28 sm:flex-none">
            <TextField
              label="To"
              inputMode="numeric"
              placeholder="17:00"
              aria-label={`${dayLabel}, interval ${index + 1}, to`}
              error={errorAt(errors, `${name}.${index}.end`)}
              {...register(`${name}.${index}.end`)}
            />
          </div>
          <Button
            variant="ghost"
            className="mt-6.5 min-h-11 shrink-0 px-3 text-sm"
            aria-label={`Remove ${dayLabel} interval ${index + 1}`}
            onClick={() => remove(index)}
          >
            Remove
          </Button>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          className="min-h-10 px-3 py-1.5 text-sm"
          aria-label={`Add hours to ${dayLabel}`}
          onClick={add}
        >
          Add hours
        </Button>
      </div>
      {dayError && (
        <p role="alert" className="text-sm font-medium text-danger">
          {dayError}
        </p>
      )}
    </div>
  );
}
