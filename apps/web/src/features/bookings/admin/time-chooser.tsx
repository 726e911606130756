/**
 * Choosing a booking's time as the owner: a day and one of its free slots (the slot preview of the
 * saved settings), or any date and time, optionally outside the weekly hours.
 */
import { useId } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { DAY_MS, HOUR_MS, type SchedulingSettings } from '@consult/shared';
import { Skeleton } from '../../../components/query-state';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { usePreviewSlotsQuery } from '../api/owner-scheduling-api';
import { errorMessage } from '../../../lib/problem';
import {
  dateInZone,
  formatDay,
  formatInstant,
  timeInZone,
  zonedToInstant,
  zoneName,
} from '../../../lib/date-time';

export interface TimeChoice {
  mode: 'slot' | 'free';
  /** Owner-zone calendar day. */
  date: string;
  slot: string | null;
  /** HH:MM on the owner's clock, in free mode. */
  time: string;
  outsideHours: boolean;
}

export function initialTimeChoice(date: string): TimeChoice {
  return { mode: 'slot', date, slot: null, time: '', outsideHours: false };
}

/** The chosen start as an instant, or null while nothing (valid) is chosen. */
export function chosenStart(choice: TimeChoice, timeZone: string): string | null {
  if (choice.mode === 'slot') return choice.slot;
  if (!choice.date || !/^\d{2}:\d{2}$/.test(choice.time)) return null;
  return zonedToInstant(choice.date, choice.time, timeZone);
}

/** The free slots the server suggested with a 409, if any. */
export function nearestSlotsOf(error: FetchBaseQueryError | SerializedError | undefined) {
  if (!error || !('data' in error)) return [];
  const data = error.data as { nearestSlots?: unknown } | null;
  return Array.isArray(data?.nearestSlots)
    ? data.nearestSlots.filter((slot): slot is string => typeof slot === 'string')
    : [];
}

export function TimeChooser({
  value,
  onChange,
  service,
  settings,
  now,
  error,
  suggestions = [],
}: {
  value: TimeChoice;
  onChange: (next: TimeChoice) => void;
  /** The service's slug; slots need one. */
  service: string | null;
  settings: SchedulingSettings;
  now: number;
  error?: string;
  suggestions?: string[];
}) {
  const timeZone = settings.rules.timeZone;
  const modeName = useId();
  const set = (changes: Partial<TimeChoice>) => onChange({ ...value, ...changes });

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-semibold text-ink">
        Time <span className="font-normal text-muted">(in {zoneName(timeZone)})</span>
      </legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {(
          [
            ['slot', 'A free slot'],
            ['free', 'Any time'],
          ] as const
        ).map(([mode, label]) => (
          <label key={mode} className="flex min-h-11 items-center gap-2 text-base text-ink">
            <input
              type="radio"
              name={modeName}
              checked={value.mode === mode}
              onChange={() => set({ mode })}
              className="size-5 accent-brand"
            />
            {label}
          </label>
        ))}
      </div>
      <TextField
        label="Day"
        type="date"
        value={value.date}
        onChange={(event) => set({ date: event.target.value, slot: null })}
      />
      {value.mode === 'slot' ? (
        <SlotList
          value={value}
          onPick={(slot) => set({ slot })}
          service={service}
          settings={settings}
          now={now}
        />
      ) : (
        <>
          <TextField
            label="Start time"
            type="time"
            step={300}
            value={value.time}
            onChange={(event) => set({ time: event.target.value })}
          />
          <label className="flex items-start gap-2 text-base text-ink">
            <input
              type="checkbox"
              checked={value.outsideHours}
              onChange={(event) => set({ outsideHours: event.target.checked })}
              className="mt-1 size-5 shrink-0 accent-brand"
            />
            <span>
              Outside my hours
              <span className="block text-sm text-muted">
                Allow a time the weekly hours and rules do not offer. Overlaps with other bookings
                are still refused.
              </span>
            </span>
          </label>
        </>
      )}
      {suggestions.length > 0 && (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold text-ink">Free times nearby</p>
          <div className="flex flex-wrap gap-2">
            {suggestions.map((slot) => (
              <Button
                key={slot}
                variant="secondary"
                className="min-h-10 px-3 py-1.5 text-sm"
                onClick={() =>
                  onChange({ ...value, mode: 'slot', date: dateInZone(slot, timeZone), slot })
                }
              >
                {formatInstant(slot, timeZone)}
              </Button>
            ))}
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function SlotList({
  value,
  onPick,
  service,
  settings,
  now,
}: {
  value: TimeChoice;
  onPick: (slot: string) => void;
  service: string | null;
  settings: SchedulingSettings;
  now: number;
}) {
  const name = useId();
  const timeZone = settings.rules.timeZone;
  const ready = Boolean(service && /^\d{4}-\d{2}-\d{2}$/.test(value.date));
  // currentData, not data: while another day loads, the last day's times must not stand under
  // this day's heading (a click there would pick a time of the wrong day).
  const {
    currentData: data,
    error,
    isFetching,
  } = usePreviewSlotsQuery(
    { settings, service: service ?? '', date: value.date },
    { skip: !ready },
  );
  if (!ready) {
    return (
      <p className="text-sm text-muted">
        {service ? 'Choose a day to see its free times.' : 'Choose a service first.'}
      </p>
    );
  }
  if (isFetching && !data) return <Skeleton lines={2} label="Loading free times" />;
  if (error) return <Alert tone="error">{errorMessage(error)}</Alert>;
  // The preview ignores notice and horizon, which a booking in a slot must still respect.
  const earliest = now + settings.rules.minimumNoticeHours * HOUR_MS;
  const latest = now + settings.rules.horizonDays * DAY_MS;
  const slots = (data?.slots ?? []).filter((slot) => {
    const at = Date.parse(slot);
    return at >= earliest && at <= latest;
  });
  if (slots.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-line px-4 py-3 text-sm text-muted">
        No free times on {formatDay(value.date)} within your notice and horizon. Choose another day,
        or “Any time”.
      </p>
    );
  }
  return (
    <div
      role="radiogroup"
      aria-label={`Free times on ${formatDay(value.date)}`}
      className="grid grid-cols-3 gap-2 sm:grid-cols-4"
    >
      {slots.map((slot) => {
        const checked = value.slot === slot;
        return (
          <label
            key={slot}
            className={`flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-2 py-2 text-base font-semibold tabular-nums has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent ${
              checked
                ? 'border-brand bg-brand text-white'
                : 'border-line bg-surface text-ink hover:bg-brand-soft'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={slot}
              checked={checked}
              onChange={() => onPick(slot)}
              className="sr-only"
            />
            {timeInZone(slot, timeZone)}
          </label>
        );
      })}
    </div>
  );
}
