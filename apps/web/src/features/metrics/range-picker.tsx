/**
 * The range of the metrics: a preset (this month, last 30 days, this quarter, this year) or two
 * days of the owner's calendar, checked by the same schema the server uses.
 */
import { useState, type FormEvent } from 'react';
import {
  METRICS_PRESETS,
  METRICS_PRESET_LABELS,
  metricsQuerySchema,
  presetRange,
  type DayRange,
} from '@consult/shared';
import { Button, buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';

export function RangePicker({
  range,
  today,
  onChange,
}: {
  range: DayRange;
  today: string;
  onChange: (range: DayRange) => void;
}) {
  const [draft, setDraft] = useState(range);
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to', string>>>({});
  const [shown, setShown] = useState(range);
  // The fields follow a preset or the address changing the range from outside.
  if (shown.from !== range.from || shown.to !== range.to) {
    setShown(range);
    setDraft(range);
    setErrors({});
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = metricsQuerySchema.safeParse(draft);
    if (!result.success) {
      const next: Partial<Record<'from' | 'to', string>> = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] === 'from' ? 'from' : 'to';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onChange(draft);
  };

  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label="Preset ranges" className="flex flex-wrap gap-2">
        {METRICS_PRESETS.map((preset) => {
          const presetDays = presetRange(preset, today);
          const active = presetDays.from === range.from && presetDays.to === range.to;
          return (
            <button
              key={preset}
              type="button"
              aria-pressed={active}
              onClick={() => onChange(presetDays)}
              className={buttonClasses(
                active ? 'primary' : 'secondary',
                'min-h-10 px-4 py-1.5 text-sm',
              )}
            >
              {METRICS_PRESET_LABELS[preset]}
            </button>
          );
        })}
      </div>
      <form
        noValidate
        onSubmit={submit}
        aria-label="Custom range"
        className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,12rem)_auto]"
      >
        <TextField
          label="From"
          type="date"
          value={draft.from}
          max={today}
          error={errors.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={draft.to}
          error={errors.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <Button type="submit" variant="secondary" className="sm:mt-7 sm:justify-self-start">
          Show range
        </Button>
      </form>
    </div>
  );
}
