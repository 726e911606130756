/**
 * The booking flow's "Repeat" choice (issue 25): every week or every two weeks, 2 to 12 sessions
 * at the chosen time in the flow's zone (detected or picked), which the preview and the booking
 * send, so the server keeps the local time of the zone the dates are shown in. The client sees
 * every date's state (free, or why not) and books the free ones at once; nothing is half-booked.
 *
 * The card itself is part of the flow, there as soon as a time is chosen, so that nothing moves
 * "Confirm booking" once it is on screen; what it opens to is its own chunk (`repeat-series`),
 * loaded when the client ticks it.
 */
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { SeriesEvery, SiteService } from '@consult/shared';
import { zoneName } from '../../../lib/date-time';

/** What the flow's own fields hold when the client confirms; null when they need fixing first. */
export type SeriesFields = {
  notes: string;
  answers?: Record<string, string>;
  /** false: pay as usual even with a credit; absent: credits while they last (the default). */
  useCredit?: false;
  couponCode?: string;
} | null;

export interface RepeatOptionProps {
  service: SiteService;
  start: string;
  timeZone: string;
  signedIn: boolean;
  /** Checks the flow's notes and intake answers, showing their errors; null when not valid. */
  collect: () => Promise<SeriesFields>;
  /** On while repeating: the flow hides its single "Confirm booking". */
  onActiveChange: (active: boolean) => void;
}

const RepeatSeries = lazy(() => import('./repeat-series'));

export function RepeatOption(props: RepeatOptionProps) {
  const { timeZone, onActiveChange } = props;
  const [on, setOn] = useState(false);
  // Kept here so that unticking and ticking again keeps the client's choice.
  const [every, setEvery] = useState<SeriesEvery>('week');
  const [count, setCount] = useState(4);
  const checkboxId = useId();

  useEffect(() => {
    onActiveChange(on);
    // Gone with the chosen time: the flow's own "Confirm booking" comes back.
    return () => onActiveChange(false);
  }, [on, onActiveChange]);

  return (
    <div className="rounded-xl border border-line p-4 sm:p-5">
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          checked={on}
          onChange={(event) => setOn(event.target.checked)}
          className="size-5 accent-brand"
        />
        <label htmlFor={checkboxId} className="text-base font-semibold text-ink">
          Repeat this session
        </label>
      </div>
      <p className="mt-1 text-sm text-muted">
        The same weekday and time in {zoneName(timeZone)}, also across a daylight-saving change.
      </p>
      {on && (
        <Suspense
          fallback={
            <p role="status" className="mt-4 text-base text-muted">
              Loading the choices…
            </p>
          }
        >
          <RepeatSeries
            {...props}
            every={every}
            count={count}
            onEveryChange={setEvery}
            onCountChange={setCount}
          />
        </Suspense>
      )}
    </div>
  );
}
