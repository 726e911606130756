/**
 * What "Repeat this session" opens to (issue 25), its own chunk: how often and how many, then
 * every date with its state and one button that books the free ones.
 */
import { useEffect, useState } from 'react';
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
} from '@consult/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { formatDateTime } from '../../../lib/date-time';
import { errorMessage, readProblem } from '../../../lib/problem';
import { useCreateSeriesMutation, usePreviewSeriesMutation } from '../api/series-api';
import { CheckoutRedirect } from '../checkout/checkout-redirect';
import type { RepeatOptionProps } from './repeat-option';

type RepeatSeriesProps = RepeatOptionProps & {
  every: SeriesEvery;
  count: number;
  onEveryChange: (every: SeriesEvery) => void;
  onCountChange: (count: number) => void;
};

const EVERY_LABELS: Record<SeriesEvery, string> = {
  week: 'Every week',
  '2weeks': 'Every two weeks',
};

const COUNTS = Array.from({ length: SERIES_COUNT_MAX - SERIES_COUNT_MIN + 1 }, (_, index) => {
  const count = SERIES_COUNT_MIN + index;
  return { value: String(count), label: `${count} sessions` };
});

export default function RepeatSeries(props: RepeatSeriesProps) {
  const { start, timeZone, signedIn, every, count, onEveryChange, onCountChange } = props;
  return (
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
                onChange={() => onEveryChange(value)}
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
          onChange={(event) => onCountChange(Number(event.target.value))}
        />
      </div>
      {signedIn ? (
        <SeriesDates key={`${start}|${every}|${count}|${timeZone}`} {...props} />
      ) : (
        <Alert tone="info" title="Sign in to see which dates are free">
          <Link to={paths.signIn} className={buttonClasses('secondary')}>
            Sign in
          </Link>
        </Alert>
      )}
    </div>
  );
}

function SeriesDates({ service, start, timeZone, every, count, collect }: RepeatSeriesProps) {
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
