/**
 * Choosing a consultation time: a month calendar that marks the days with free times, the free
 * times of the chosen day, and the zone they are shown in. Used to book and to reschedule.
 */
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { LoadError } from '../../../components/query-state';
import {
  compareMonths,
  dateInZone,
  detectTimeZone,
  formatDay,
  formatMonth,
  formatTime,
  monthBounds,
  monthOfDay,
  shiftMonth,
  timeZoneOptions,
  zoneName,
  type CalendarMonth,
} from '../../../lib/date-time';
import { useGetAvailabilityQuery } from '../api/availability-api';
import { MonthCalendar } from './month-calendar';

/** How far ahead the calendar lets one browse; the owner's horizon decides what is offered. */
const MONTHS_AHEAD = 12;

export function SlotPicker({
  service,
  timeZone,
  onTimeZoneChange,
  value,
  onChange,
  headingLevel = 3,
}: {
  /** The service's slug. */
  service: string;
  timeZone: string;
  onTimeZoneChange: (timeZone: string) => void;
  /** The chosen slot start (UTC instant), or null. */
  value: string | null;
  onChange: (start: string | null) => void;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const today = dateInZone(new Date(), timeZone);
  const thisMonth = monthOfDay(today);
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);

  // The month follows the chosen time when it changes from outside (a suggested time, a restored
  // choice); otherwise it is where the person browsed to.
  const [browse, setBrowse] = useState<{ month: CalendarMonth; anchor: string | null }>(() => ({
    month: value ? monthOfDay(dateInZone(value, timeZone)) : thisMonth,
    anchor: value,
  }));
  const month =
    value && browse.anchor !== value ? monthOfDay(dateInZone(value, timeZone)) : browse.month;
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const selectedDay = value ? dateInZone(value, timeZone) : pickedDay;

  const { from, to } = monthBounds(month);
  const { currentData, error, isFetching, refetch } = useGetAvailabilityQuery({
    service,
    from,
    to,
    timeZone,
  });
  const slotsByDay = useMemo(
    () => new Map((currentData?.days ?? []).map((day) => [day.date, day.slots])),
    [currentData],
  );
  const available = useMemo(
    () => new Set([...slotsByDay].filter(([, slots]) => slots.length > 0).map(([day]) => day)),
    [slotsByDay],
  );
  const daySlots = selectedDay ? (slotsByDay.get(selectedDay) ?? []) : [];

  const goToMonth = (next: CalendarMonth) => {
    setBrowse({ month: next, anchor: value });
    setPickedDay(null);
  };
  const pickDay = (day: string) => {
    setPickedDay(day);
    if (value && dateInZone(value, timeZone) !== day) onChange(null);
  };
  const canGoBack = compareMonths(month, thisMonth) > 0;
  const canGoForward = compareMonths(month, shiftMonth(thisMonth, MONTHS_AHEAD)) < 0;
  const monthLabel = formatMonth(month);
  const nextMonth = shiftMonth(month, 1);

  return (
    <div className="flex flex-col gap-6">
      <SelectField
        label="Time zone"
        // Said to come from the device only while it does (a zone picked, or restored, may not).
        hint={
          timeZone === detectTimeZone()
            ? 'Detected from this device. Every time below is shown in this zone.'
            : 'Every time below is shown in this zone.'
        }
        options={zones}
        value={timeZone}
        onChange={(event) => onTimeZoneChange(event.target.value)}
      />
      <div className="grid gap-6 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] md:gap-8">
        <section aria-labelledby={headingId} className="min-w-0">
          <div className="mb-3 flex items-center justify-between gap-2">
            <Heading id={headingId} className="text-lg font-semibold text-ink" aria-live="polite">
              {monthLabel}
            </Heading>
            <div className="flex gap-1">
              <Button
                variant="ghost"
                className="px-3"
                aria-label={`Previous month, ${formatMonth(shiftMonth(month, -1))}`}
                disabled={!canGoBack}
                onClick={() => goToMonth(shiftMonth(month, -1))}
              >
                <span aria-hidden="true">←</span>
              </Button>
              <Button
                variant="ghost"
                className="px-3"
                aria-label={`Next month, ${formatMonth(nextMonth)}`}
                disabled={!canGoForward}
                onClick={() => goToMonth(nextMonth)}
              >
                <span aria-hidden="true">→</span>
              </Button>
            </div>
          </div>
          {currentData ? (
            <MonthCalendar
              month={month}
              label={`${monthLabel}: choose a day`}
              available={available}
              selected={selectedDay}
              today={today}
              onSelect={pickDay}
            />
          ) : error && !isFetching ? (
            <LoadError what="the free times" error={error} onRetry={() => void refetch()} />
          ) : (
            <CalendarSkeleton />
          )}
        </section>

        <div className="min-w-0" aria-live="polite">
          {!currentData ? null : available.size === 0 ? (
            <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-line bg-paper p-5">
              <p className="font-semibold text-ink">No free times in {monthLabel}.</p>
              <p className="text-base text-muted">
                The calendar is full or closed this month. Later months may have room.
              </p>
              {canGoForward && (
                <Button variant="secondary" onClick={() => goToMonth(nextMonth)}>
                  Show {formatMonth(nextMonth)}
                </Button>
              )}
            </div>
          ) : !selectedDay ? (
            <p className="rounded-xl border border-dashed border-line bg-paper p-5 text-base text-muted">
              Choose a highlighted day to see its free times.
            </p>
          ) : (
            <SlotList
              day={selectedDay}
              slots={daySlots}
              timeZone={timeZone}
              value={value}
              onChange={onChange}
              headingLevel={headingLevel}
            />
          )}
        </div>
      </div>
    </div>
  );
}

function SlotList({
  day,
  slots,
  timeZone,
  value,
  onChange,
  headingLevel,
}: {
  day: string;
  slots: readonly string[];
  timeZone: string;
  value: string | null;
  onChange: (start: string) => void;
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Heading id={headingId} className="text-lg font-semibold text-ink">
        Free times on {formatDay(day)}
      </Heading>
      <p className="mt-1 text-sm text-muted">In {zoneName(timeZone)}.</p>
      {slots.length === 0 ? (
        <p className="mt-4 text-base text-muted">No free times left on this day.</p>
      ) : (
        <ul className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-3 lg:grid-cols-4">
          {slots.map((slot) => {
            const chosen = slot === value;
            return (
              <li key={slot}>
                <button
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => onChange(slot)}
                  className={`min-h-11 w-full rounded-lg border px-2 py-2 text-base font-semibold tabular-nums transition-colors ${
                    chosen
                      ? 'border-brand bg-brand text-white'
                      : 'border-line bg-surface text-brand hover:border-brand hover:bg-brand-soft'
                  }`}
                >
                  {formatTime(slot, timeZone)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function CalendarSkeleton() {
  return (
    <div role="status" aria-label="Loading the free times" className="grid grid-cols-7 gap-1">
      {Array.from({ length: 35 }, (_, index) => (
        <div
          key={index}
          className="aspect-square min-h-10 animate-pulse rounded-lg bg-line/60 motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}
