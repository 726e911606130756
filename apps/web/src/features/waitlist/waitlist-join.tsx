/**
 * "No time that suits you?" on /consultation: a signed-in client joins the waitlist of a service
 * with the latest date they would accept and, if they like, the days and the hours that suit them,
 * read in their browser's zone. From a booked session, `?waitlistBefore=YYYY-MM-DD` asks for an
 * earlier time than that day.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  paths,
  WAITLIST_ACTIVE_ENTRIES_MAX,
  WEEKDAYS,
  WEEKDAY_NAMES,
  type WaitlistJoinInput,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { CheckboxField, TextField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { useAuth } from '../../hooks/use-auth';
import { addDays, detectTimeZone, formatPlainDay, todayIn, zoneName } from '../../lib/date-time';
import { errorMessage, fieldErrors } from '../../lib/problem';
import { useJoinWaitlistMutation } from './waitlist-api';

/** What the form needs of a service: its address name and title. */
interface Choice {
  slug: string;
  title: string;
}

/** The latest date offered at first: two weeks from today. */
const DEFAULT_WAIT_DAYS = 14;

export function WaitlistJoin({ services }: { services: Choice[] }) {
  const { token } = useAuth();
  const [params] = useSearchParams();
  const chosen = params.get('service');
  const before = params.get('waitlistBefore');
  const here = `${paths.consultation}?${params.toString()}`;
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // Arriving from "Tell me if an earlier time frees up" (or back from signing in to join): here.
  useEffect(() => {
    if (hash === '#waitlist') section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  if (services.length === 0) return null;
  return (
    <section
      ref={section}
      id="waitlist"
      aria-labelledby="waitlist-heading"
      className="mx-auto mt-10 max-w-3xl rounded-2xl border border-line bg-surface p-6 sm:p-8"
    >
      <h2 id="waitlist-heading" className="font-display text-2xl font-semibold text-brand">
        {before ? 'Hoping for an earlier time?' : 'No time that suits you?'}
      </h2>
      <p className="mt-2 text-base text-muted">
        Join the waitlist. When a time you would take frees up, you get an e-mail at once and the
        time is held for you for a while: book it with one click, or let it go to the next person.
      </p>
      {token ? (
        <JoinForm
          services={services}
          initialService={services.some((service) => service.slug === chosen) ? chosen! : null}
          before={before}
        />
      ) : (
        <Link
          to={`${paths.signIn}?next=${encodeURIComponent(`${here}#waitlist`)}`}
          className={`${buttonClasses('secondary')} mt-5`}
        >
          Sign in to join the waitlist
        </Link>
      )}
    </section>
  );
}

function JoinForm({
  services,
  initialService,
  before,
}: {
  services: Choice[];
  initialService: string | null;
  before: string | null;
}) {
  const timeZone = detectTimeZone();
  const today = todayIn(timeZone);
  const latestDefault =
    before && before > today ? addDays(before, -1) : addDays(today, DEFAULT_WAIT_DAYS);
  const [service, setService] = useState(initialService ?? services[0]!.slug);
  const [latestDate, setLatestDate] = useState(latestDefault);
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [fromTime, setFromTime] = useState('');
  const [toTime, setToTime] = useState('');
  const [join, { data: joined, error, isLoading, reset }] = useJoinWaitlistMutation();
  const errors = fieldErrors(error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input: WaitlistJoinInput = {
      service,
      latestDate,
      timeZone,
      ...(weekdays.length > 0 && { weekdays }),
      ...(fromTime && { fromTime }),
      ...(toTime && { toTime }),
    };
    await join(input)
      .unwrap()
      .catch(() => undefined);
  }

  if (joined) {
    return (
      <div className="mt-5 flex flex-col gap-3">
        <Alert tone="success" title="You are on the waitlist">
          {`We will e-mail you when a time of ${joined.serviceTitle} frees up, until ${formatPlainDay(joined.latestDate)}. Your waitlist is on your dashboard, where you can leave it at any time.`}
        </Alert>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={paths.dashboard} className={buttonClasses('secondary')}>
            See your waitlist
          </Link>
          <Button variant="ghost" onClick={reset}>
            Wait for another service
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Join the waitlist"
      className="mt-5 flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Service"
          value={service}
          onChange={(event) => setService(event.target.value)}
          options={services.map((item) => ({ value: item.slug, label: item.title }))}
          error={errors.service}
        />
        <TextField
          label="Latest date you would accept"
          type="date"
          value={latestDate}
          min={today}
          onChange={(event) => setLatestDate(event.target.value)}
          error={errors.latestDate}
          required
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-ink">
          Days that suit you (none: any day)
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {WEEKDAYS.map((day, index) => (
            <CheckboxField
              key={day}
              label={WEEKDAY_NAMES[day]}
              checked={weekdays.includes(index + 1)}
              onChange={(event) =>
                setWeekdays((current) =>
                  event.target.checked
                    ? [...current, index + 1]
                    : current.filter((weekday) => weekday !== index + 1),
                )
              }
            />
          ))}
        </div>
        {errors.weekdays && (
          <p role="alert" className="text-sm font-medium text-danger">
            {errors.weekdays}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Starting from (optional)"
          type="time"
          value={fromTime}
          onChange={(event) => setFromTime(event.target.value)}
          error={errors.fromTime}
        />
        <TextField
          label="Ending by (optional)"
          type="time"
          value={toTime}
          onChange={(event) => setToTime(event.target.value)}
          error={errors.toTime}
        />
      </div>
      <p className="text-sm text-muted">
        Times in {zoneName(timeZone)}. You can wait for up to {WAITLIST_ACTIVE_ENTRIES_MAX} services
        at once.
      </p>
      {error && Object.keys(errors).length === 0 && (
        <Alert tone="error">{errorMessage(error)}</Alert>
      )}
      <div>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Joining…' : 'Join the waitlist'}
        </Button>
      </div>
    </form>
  );
}
