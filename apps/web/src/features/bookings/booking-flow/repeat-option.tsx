/**
 * The booking flow's "Repeat" choice (issue 25): every week or every two weeks, 2 to 12 sessions
 * at the chosen time in the flow's zone (detected or picked), which the preview and the booking
 * send, so the server keeps the local time of the zone the dates are shown in. The client sees
 * every date's state (free, or why not) and books the free ones at once; nothing is half-booked.
 * Loaded only when a time is chosen.
 */
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  paths,
  SERIES_CONFLICT_PROBLEM_TYPE,
  SERIES_COUNT_MAX,
  SERIES_COUNT_MIN,
  SERIES_MESSAGES,
  SERIES_REASON_TEXT,
  type BookingRecord,
  type SeriesEvery,
  type SiteService,
} from '@consult/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { formatDateTime, zoneName } from '../../../lib/date-time';
import { errorMessage, readProblem } from '../../../lib/problem';
import { useCreateSeriesMutation, usePreviewSeriesMutation } from '../api/series-api';
import { CheckoutRedirect } from '../checkout/checkout-redirect';

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

const EVERY_LABELS: Record<SeriesEvery, string> = {
  week: 'Every week',
  '2weeks': 'Every two weeks',
};

const COUNTS = Array.from({ length: SERIES_COUNT_MAX - SERIES_COUNT_MIN + 1 }, (_, index) => {
  const count = SERIES_COUNT_MIN + index;
  return { value: String(count), label: `${count} sessions` };
});

export default function RepeatOption(props: RepeatOptionProps) {
  const { service, start, timeZone, signedIn, onActiveChange } = props;
  const [on, setOn] = useState(false);
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
        <div className="mt-4 flex flex-col gap-4">
          <fieldset>
            <legend className="text-sm font-semibold text-ink">How often</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {(Object.keys(EVERY_LABELS) as SeriesEvery[]).map((value) => (
                <label key={value} className="flex min-h-11 items-center gap-2 text-base text-ink">
                  <input
                    type="radio"
                    name="series-every"
                    value={value}
                    checked={every === value}
                    onChange={() => setEvery(value)}
                    className="size-4 accent-brand"
                  />
                  {EVERY_LABELS[value]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="max-w-xs">
            <SelectField
              label="How many sessions"
              options={COUNTS}
              value={String(count)}
              onChange={(event) => setCount(Number(event.target.value))}
            />
          </div>
          {signedIn ? (
            <SeriesDates
              key={`${start}|${every}|${count}|${timeZone}`}
              {...props}
              service={service}
              every={every}
              count={count}
            />
          ) : (
            <Alert tone="info" title="Sign in to see which dates are free">
              <Link to={paths.signIn} className={buttonClasses('secondary')}>
                Sign in
              </Link>
            </Alert>
          )}
        </div>
      )}
    </div>
  );
}

function SeriesDates({
  service,
  start,
  timeZone,
  every,
  count,
  collect,
}: RepeatOptionProps & { every: SeriesEvery; count: number }) {
  const [preview, { data, isLoading, error }] = usePreviewSeriesMutation();
  const [createSeries, { isLoading: booking }] = useCreateSeriesMutation();
  const [booked, setBooked] = useState<BookingRecord[] | null>(null);
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ask = () => preview({ service: service.slug, start, every, count, timeZone });

  useEffect(() => {
    void preview({ service: service.slug, start, every, count, timeZone });
  }, [preview, service.slug, start, every, count, timeZone]);

  if (checkoutUrl) return <CheckoutRedirect checkoutUrl={checkoutUrl} />;
  if (booked) {
    return (
      <Alert
        tone="success"
        title={
          booked.length === 1
            ? 'Your session is booked'
            : `Your ${booked.length} sessions are booked`
        }
      >
        <ul className="mt-2 list-disc pl-5">
          {booked.map((session) => (
            <li key={session.id}>{formatDateTime(session.start, timeZone)}</li>
          ))}
        </ul>
        <p className="mt-2">One e-mail with every date and a calendar file is on its way.</p>
      </Alert>
    );
  }
  if (isLoading && !data) {
    return (
      <p role="status" className="text-base text-muted">
        Checking the dates…
      </p>
    );
  }
  if (error && !data) {
    return (
      <Alert tone="error" title="The dates could not be checked">
        <p>{errorMessage(error)}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void ask()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!data) return null;

  const free = data.occurrences.filter((occurrence) => occurrence.free);
  const taken = data.occurrences.filter((occurrence) => !occurrence.free);

  const confirm = async () => {
    const fields = await collect();
    if (!fields) return;
    setFailure(null);
    const result = await createSeries({
      service: service.slug,
      start,
      every,
      count,
      timeZone,
      skip: taken.map((occurrence) => occurrence.start),
      notes: fields.notes,
      ...(fields.answers && { answers: fields.answers }),
      ...(fields.useCredit === false && { useCredit: false }),
      ...(fields.couponCode !== undefined && { couponCode: fields.couponCode }),
    });
    if ('data' in result && result.data) {
      if (result.data.checkoutUrl) setCheckoutUrl(result.data.checkoutUrl);
      else setBooked(result.data.series.bookings);
      return;
    }
    if (readProblem(result.error)?.type === SERIES_CONFLICT_PROBLEM_TYPE) {
      // Someone took a date meanwhile: the list shows it now; nothing was booked.
      setFailure(SERIES_MESSAGES.conflict);
      void ask();
    } else {
      setFailure(errorMessage(result.error));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <ul
        aria-label="The dates of the series"
        className="divide-y divide-line rounded-lg border border-line"
      >
        {data.occurrences.map((occurrence) => (
          <li
            key={occurrence.start}
            className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
          >
            <span className={occurrence.free ? 'text-ink' : 'text-muted line-through'}>
              {formatDateTime(occurrence.start, timeZone)}
            </span>
            <span className={occurrence.free ? 'text-sm text-success' : 'text-sm text-muted'}>
              {occurrence.free ? 'Free' : SERIES_REASON_TEXT[occurrence.reason ?? 'booked']}
            </span>
          </li>
        ))}
      </ul>
      {taken.length > 0 && free.length > 0 && (
        <p className="text-sm text-muted">
          The {taken.length === 1 ? 'date' : `${taken.length} dates`} not free{' '}
          {taken.length === 1 ? 'is' : 'are'} left out.
        </p>
      )}
      {free.length === 0 && (
        <Alert tone="info" title="None of these dates is free">
          Choose another time or fewer sessions.
        </Alert>
      )}
      {failure && (
        <Alert tone="error" title="The series was not booked">
          {failure}
        </Alert>
      )}
      <Button
        className="self-stretch sm:self-start sm:px-8"
        disabled={free.length === 0 || booking}
        onClick={() => void confirm()}
      >
        {booking
          ? 'Booking...'
          : `Book ${free.length} ${free.length === 1 ? 'session' : 'sessions'}`}
      </Button>
    </div>
  );
}
