/**
 * The booking flow of /consultation: a session, a day and a free time in the visitor's zone, the
 * session's intake questions (when it has any), notes, then "Confirm booking". A signed-out
 * visitor signs in or up and comes back to the same choice.
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useDispatch } from 'react-redux';
import { Link, useSearchParams } from 'react-router';
import {
  BOOKING_MESSAGES,
  BOOKING_NOTES_MAX,
  COUPON_REFUSAL_MESSAGES,
  CREDIT_UNAVAILABLE_PROBLEM_TYPE,
  EMAIL_NOT_VERIFIED_PROBLEM_TYPE,
  formatDuration,
  formatMoney,
  formatPrice,
  intakeAnswersSchemaFor,
  MEETING_MODE_LABELS,
  paths,
  type BookingRecord,
  type CouponRefusalReason,
  type SiteService,
} from '@consult/shared';
import { NearestSlots, readNearestSlots, SlotPicker } from '../slot-picker';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { useHydrated } from '../../../hooks/use-hydrated';
import { api, sessionRestored } from '../../../lib/api';
import { detectTimeZone, formatDateTime, zoneName } from '../../../lib/date-time';
import {
  errorMessage,
  errorStatus,
  fieldErrors,
  readCouponRefusal,
  readProblem,
} from '../../../lib/problem';
import { useAuth } from '../../../hooks/use-auth';
import { rememberReturnTo } from '../../../lib/return-to';
import { useCreateBookingMutation } from '../api/booking-api';
import { CheckoutRedirect } from '../checkout/checkout-redirect';
import { clearChoice, loadChoice, saveChoice } from './booking-choice';
import { BookingLimitNotice, readBookingLimit, type BookingLimit } from './booking-limit-notice';
import { VerifyEmailNotice } from './verify-email-notice';
import { RepeatOption, type SeriesFields } from './repeat-option';
import { IntakeAnswers, type IntakeAnswerFields, type IntakeAnswerValues } from './intake-answers';
import {
  NO_PAYMENT_CHOICE,
  paymentFields,
  paysByCredit,
  type PaymentChoice,
  type PaymentOptions,
} from './payment-choice';

// The confirmation (with how to pay by hand and the calendar invite) is loaded when the client
// confirms, not with the page: /consultation's first JavaScript has a budget (decision 048).
const loadConfirmation = () => import('./booking-confirmation');
const BookingConfirmation = lazy(async () => ({
  default: (await loadConfirmation()).BookingConfirmation,
}));

/** The server's errors of `answers.<questionId>`, by question id. */
const ANSWER_ERROR_PREFIX = 'answers.';

export const BOOKING_SECTION_ID = 'book';

export function BookingFlow({
  services,
  paymentOptions,
}: {
  services: readonly SiteService[];
  /** The page's parts for how to pay (a package credit), shown before the summary. */
  paymentOptions?: PaymentOptions;
}) {
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const service = services.find((candidate) => candidate.slug === params.get('service'));

  const chooseService = (slug: string) => {
    const next = new URLSearchParams(params);
    next.set('service', slug);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <section
      id={BOOKING_SECTION_ID}
      aria-labelledby="booking-heading"
      className="scroll-mt-4 py-12 md:py-16"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="booking-heading" className="font-display text-3xl font-semibold text-brand">
          Choose your time
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-muted">
          Pick a session, then a day and a time that suit you. Choosing is open to everyone; you
          sign in only to confirm.
        </p>
        <div className="mt-8 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8">
          <ServiceChoice services={services} value={service?.slug} onChange={chooseService} />
          {service &&
            (hydrated ? (
              // A new session starts a new choice: the times of one do not fit another.
              <ChooseAndConfirm
                key={service.slug}
                service={service}
                paymentOptions={paymentOptions}
              />
            ) : (
              <div role="status" aria-label="Loading the calendar" className="mt-8 h-96" />
            ))}
        </div>
      </div>
    </section>
  );
}

function ServiceChoice({
  services,
  value,
  onChange,
}: {
  services: readonly SiteService[];
  value: string | undefined;
  onChange: (slug: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-ink">1. Session</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {services.map((service) => (
          <label
            key={service.slug}
            className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-focus-visible:outline-3 has-focus-visible:outline-accent ${
              service.slug === value
                ? 'border-brand bg-brand-soft'
                : 'border-line bg-surface hover:border-brand/50'
            }`}
          >
            <input
              type="radio"
              name="service"
              value={service.slug}
              checked={service.slug === value}
              onChange={() => onChange(service.slug)}
              className="mt-1 size-4 accent-brand"
            />
            <span className="flex flex-col">
              <span className="font-semibold text-ink">{service.title}</span>
              <span className="text-sm text-muted">
                {formatDuration(service.durationMinutes)} ·{' '}
                {MEETING_MODE_LABELS[service.meetingMode]}
              </span>
            </span>
          </label>
        ))}
      </div>
      {!value && (
        <p className="mt-4 text-base text-muted">Choose a session to see its free times.</p>
      )}
    </fieldset>
  );
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'sign-in' }
  | { kind: 'verify' }
  | { kind: 'taken'; nearest: string[] }
  | { kind: 'limit'; limit: BookingLimit }
  | { kind: 'credit-gone' }
  | { kind: 'coupon-refused'; code: string; reason: CouponRefusalReason }
  | { kind: 'failed'; message: string };

function ChooseAndConfirm({
  service,
  paymentOptions: PaymentOptionsPart,
}: {
  service: SiteService;
  paymentOptions: PaymentOptions | undefined;
}) {
  const { token } = useAuth();
  // Read once when the flow appears: a choice kept while the visitor signed in.
  const [restored] = useState(() => loadChoice(service.slug));
  const [timeZone, setTimeZone] = useState(() => restored?.timeZone ?? detectTimeZone());
  const [start, setStart] = useState<string | null>(restored?.start ?? null);
  const [notes, setNotes] = useState(restored?.notes ?? '');
  const [notesError, setNotesError] = useState<string | undefined>();
  const notesRef = useRef<HTMLTextAreaElement>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [repeating, setRepeating] = useState(false);
  const [booked, setBooked] = useState<BookingRecord | null>(null);
  const [payment, setPayment] = useState<PaymentChoice>(NO_PAYMENT_CHOICE);
  const [creditRefused, setCreditRefused] = useState(false);
  // The credit as it was when the booking spent it: the confirmation says what remains.
  const [spent, setSpent] = useState<PaymentChoice['credit']>(null);
  const changePayment = useCallback(
    (next: Partial<PaymentChoice>) => setPayment((current) => ({ ...current, ...next })),
    [],
  );
  // A paid booking under Stripe: held while the client pays on Stripe's page, where they go next.
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);
  const [createBooking, { isLoading }] = useCreateBookingMutation();
  // One key per choice: retrying the same choice (a lost answer) reuses it, so the server books once.
  const attempt = useRef<{ choice: string; key: string } | null>(null);
  const dispatchInvalidate = useInvalidateAvailability();
  const dispatchInvalidateCredits = useInvalidateCredits();
  const { questions } = service;
  const answersSchema = useMemo(() => intakeAnswersSchemaFor(questions), [questions]);
  const emptyAnswers = useMemo(
    () => Object.fromEntries(questions.map((question) => [question.id, ''])),
    [questions],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<IntakeAnswerFields, unknown, IntakeAnswerValues>({
    resolver: zodResolver(answersSchema),
    defaultValues: { ...emptyAnswers, ...restored?.answers },
  });

  const choose = (next: string | null) => {
    setStart(next);
    setOutcome({ kind: 'idle' });
  };

  if (checkoutUrl) return <CheckoutRedirect checkoutUrl={checkoutUrl} />;

  if (booked) {
    return (
      <Suspense
        fallback={<div role="status" aria-label="Showing your booking" className="mt-8 h-64" />}
      >
        <BookingConfirmation
          booking={booked}
          timeZone={timeZone}
          spentCredit={spent}
          onBookAnother={() => {
            setBooked(null);
            setStart(null);
            setNotes('');
            reset(emptyAnswers);
          }}
        />
      </Suspense>
    );
  }

  const confirm = async (answers: IntakeAnswerValues) => {
    if (!start) return;
    // Refused before sending, with the server's own rule and words: never cut.
    if (notes.trim().length > BOOKING_NOTES_MAX) {
      setNotesError(BOOKING_MESSAGES.notesTooLong);
      notesRef.current?.focus();
      return;
    }
    const choice = { service: service.slug, start, timeZone, notes, answers };
    // Fetched while the booking is made, so the confirmation shows as soon as the answer comes.
    void loadConfirmation();
    // A signed-in client who confirms before the page has restored the session is still signed in.
    if (!token && !(await sessionRestored())) {
      saveChoice(choice);
      rememberReturnTo(`${paths.consultation}?service=${encodeURIComponent(service.slug)}`);
      setOutcome({ kind: 'sign-in' });
      return;
    }
    const paying = paymentFields(payment, creditRefused);
    const fingerprint = JSON.stringify([service.slug, start, notes.trim(), answers, paying]);
    if (attempt.current?.choice !== fingerprint) {
      attempt.current = { choice: fingerprint, key: crypto.randomUUID() };
    }
    setOutcome({ kind: 'idle' });
    const result = await createBooking({
      // A service without questions sends the request it always did.
      booking: {
        service: service.slug,
        start,
        notes,
        ...(questions.length > 0 && { answers }),
        ...paying,
      },
      idempotencyKey: attempt.current.key,
    });
    if ('data' in result && result.data) {
      clearChoice();
      const { checkoutUrl: payAt, ...booking } = result.data;
      setSpent(booking.credit?.purchaseId === payment.credit?.purchaseId ? payment.credit : null);
      if (payAt) setCheckoutUrl(payAt);
      else setBooked(booking);
      return;
    }
    const nearest = readNearestSlots(result.error);
    const limit = readBookingLimit(result.error);
    const couponRefusal = readCouponRefusal(result.error);
    const problem = readProblem(result.error);
    if (nearest) {
      dispatchInvalidate();
      setOutcome({ kind: 'taken', nearest });
    } else if (limit) {
      setOutcome({ kind: 'limit', limit });
    } else if (couponRefusal) {
      // Used up or expired since it was checked: nothing was booked; the code is taken off and
      // the next confirm pays the full price (or the client tries another code).
      setPayment((current) => ({ ...current, coupon: null }));
      setOutcome({
        kind: 'coupon-refused',
        code: payment.coupon?.code ?? '',
        reason: couponRefusal,
      });
    } else if (problem?.type === CREDIT_UNAVAILABLE_PROBLEM_TYPE) {
      // Spent (another tab, the owner) or expired meanwhile: nothing was booked. The flow offers
      // no credit any more and the next confirm pays as usual; the credits on screen refresh.
      dispatchInvalidateCredits();
      setCreditRefused(true);
      setPayment(NO_PAYMENT_CHOICE);
      setOutcome({ kind: 'credit-gone' });
    } else if (problem?.type === EMAIL_NOT_VERIFIED_PROBLEM_TYPE) {
      saveChoice(choice);
      setOutcome({ kind: 'verify' });
    } else if (errorStatus(result.error) === 401) {
      saveChoice(choice);
      setOutcome({ kind: 'sign-in' });
    } else {
      const byField = fieldErrors(result.error);
      setNotesError(byField.notes);
      showAnswerErrors(byField);
      setOutcome({ kind: 'failed', message: errorMessage(result.error) });
    }
  };
  // Built when called: `confirm` reads the attempt ref, which render must not.
  const submit = () => handleSubmit(confirm)();
  /**
   * The notes, answers and payment checked as for one booking, for a series (null: errors shown).
   * A credit chosen is used by each session while the client's credits last (the server's default),
   * the rest paid as usual, rather than refusing the series when they do not cover every session.
   */
  const collectForSeries = () =>
    new Promise<SeriesFields>((resolve) => {
      if (notes.trim().length > BOOKING_NOTES_MAX) {
        setNotesError(BOOKING_MESSAGES.notesTooLong);
        notesRef.current?.focus();
        resolve(null);
        return;
      }
      void handleSubmit(
        (answers) => {
          const { useCredit, couponCode } = paymentFields(payment, creditRefused);
          resolve({
            notes,
            ...(questions.length > 0 && { answers }),
            ...(useCredit === false && { useCredit }),
            ...(couponCode !== undefined && { couponCode }),
          });
        },
        () => resolve(null),
      )();
    });

  const showAnswerErrors = (byField: Record<string, string>) => {
    let first = true;
    for (const [field, message] of Object.entries(byField)) {
      if (!field.startsWith(ANSWER_ERROR_PREFIX)) continue;
      const id = field.slice(ANSWER_ERROR_PREFIX.length);
      if (!questions.some((question) => question.id === id)) continue;
      setError(id, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
  };

  return (
    <div className="mt-8 flex flex-col gap-8 border-t border-line pt-8">
      {restored?.start && token && outcome.kind === 'idle' && (
        <Alert tone="info" title="Welcome back">
          Your choice is kept. Check it below and confirm the booking.
        </Alert>
      )}
      <div>
        <h3 className="mb-4 text-lg font-semibold text-ink">2. Day and time</h3>
        <SlotPicker
          service={service.slug}
          timeZone={timeZone}
          onTimeZoneChange={setTimeZone}
          value={start}
          onChange={choose}
        />
      </div>

      {questions.length > 0 && (
        <IntakeAnswers
          heading="3. A few questions"
          questions={questions}
          register={register}
          errors={errors}
        />
      )}

      <Field
        label={`${questions.length > 0 ? 4 : 3}. Notes for the consultant (optional)`}
        hint={`What would you like to cover? Up to ${BOOKING_NOTES_MAX} characters.`}
        error={notesError}
        length={notes.length}
        maxLength={BOOKING_NOTES_MAX}
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            ref={notesRef}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            rows={3}
            value={notes}
            onChange={(event) => {
              setNotes(event.target.value);
              setNotesError(undefined);
            }}
            className={inputClasses}
          />
        )}
      </Field>

      {PaymentOptionsPart && (
        <PaymentOptionsPart
          service={service}
          timeZone={timeZone}
          payment={payment}
          onChange={changePayment}
          creditRefused={creditRefused}
        />
      )}

      <ChoiceSummary service={service} start={start} timeZone={timeZone} payment={payment} />

      {start && (
        <RepeatOption
          service={service}
          start={start}
          timeZone={timeZone}
          signedIn={Boolean(token)}
          collect={collectForSeries}
          onActiveChange={setRepeating}
        />
      )}

      {/* Each notice is an alert or status of its own, announced as it appears. */}
      <OutcomeNotice
        outcome={outcome}
        service={service}
        timeZone={timeZone}
        onChoose={choose}
        onRetry={submit}
      />

      {!repeating && (
        <Button
          className="self-stretch sm:self-start sm:px-8"
          disabled={!start || isLoading}
          onClick={() => void submit()}
        >
          {isLoading ? 'Booking...' : outcome.kind === 'failed' ? 'Try again' : 'Confirm booking'}
        </Button>
      )}
    </div>
  );
}

/** After a refused credit the client's credits on screen are stale: refetch them. */
function useInvalidateCredits() {
  const dispatch = useDispatch();
  return () => dispatch(api.util.invalidateTags(['Package']));
}

/** After a 409 the month on screen may be stale: refetch the free times. */
function useInvalidateAvailability() {
  const dispatch = useDispatch();
  return () => dispatch(api.util.invalidateTags(['Booking']));
}

function ChoiceSummary({
  service,
  start,
  timeZone,
  payment,
}: {
  service: SiteService;
  start: string | null;
  timeZone: string;
  payment: PaymentChoice;
}) {
  if (!start) {
    return (
      <p className="rounded-xl bg-paper p-4 text-base text-muted">
        No time chosen yet: pick a day, then a time.
      </p>
    );
  }
  return (
    <div className="rounded-xl border border-brand/30 bg-brand-soft p-4 sm:p-5">
      <p className="text-sm font-semibold tracking-wide text-brand uppercase">Your choice</p>
      <p className="mt-1 text-lg font-semibold text-ink">
        {service.title}, {formatDateTime(start, timeZone)}
      </p>
      <p className="mt-1 text-base text-ink">
        {zoneName(timeZone)} · {formatDuration(service.durationMinutes)} ·{' '}
        {MEETING_MODE_LABELS[service.meetingMode]} · {priceNote(service, payment)}
      </p>
    </div>
  );
}

function priceNote(service: SiteService, payment: PaymentChoice): string {
  if (paysByCredit(payment)) return 'Paid with 1 package credit, nothing to pay';
  const { coupon } = payment;
  if (coupon?.totalMinor === 0) return `Free with the code ${coupon.code}, nothing to pay`;
  if (coupon) {
    return `${formatMoney(coupon.totalMinor, coupon.currency)} with the code ${coupon.code} (instead of ${formatPrice(service)}), paid before the session`;
  }
  return service.priceMinor === 0
    ? 'Free'
    : `${formatPrice(service)}, paid before the session (instructions follow by e-mail)`;
}

function OutcomeNotice({
  outcome,
  service,
  timeZone,
  onChoose,
  onRetry,
}: {
  outcome: Outcome;
  service: SiteService;
  timeZone: string;
  onChoose: (start: string) => void;
  onRetry: () => Promise<void>;
}) {
  switch (outcome.kind) {
    case 'idle':
      return null;
    case 'sign-in':
      return (
        <Alert tone="info" title="One step left: sign in to confirm">
          <p>
            Confirming needs an account, so your bookings, notes and invites stay in one place. We
            keep your choice and bring you back here.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Link to={paths.signIn} className={buttonClasses('primary')}>
              Sign in to confirm
            </Link>
            <Link to={paths.signUp} className={buttonClasses('secondary')}>
              Create an account
            </Link>
          </div>
        </Alert>
      );
    case 'verify':
      return <VerifyEmailNotice onRetry={onRetry} />;
    case 'taken':
      return (
        <Alert tone="error" title={BOOKING_MESSAGES.slotTaken}>
          <p className="mb-3">Someone booked it a moment ago. Choose another time.</p>
          <NearestSlots slots={outcome.nearest} timeZone={timeZone} onChoose={onChoose} />
        </Alert>
      );
    case 'limit':
      return <BookingLimitNotice limit={outcome.limit} />;
    case 'coupon-refused':
      return (
        <Alert tone="error" title={`The code ${outcome.code} could not be used`}>
          {COUPON_REFUSAL_MESSAGES[outcome.reason]} Nothing was booked and the code is taken off:
          confirm again to pay {formatPrice(service)}, or try another code.
        </Alert>
      );
    case 'credit-gone':
      return (
        <Alert tone="error" title="Your package credit is no longer available">
          It was used for another booking or expired a moment ago, so nothing was booked. Your
          choice is still here: confirm again to pay as usual ({formatPrice(service)}).
        </Alert>
      );
    case 'failed':
      return (
        <Alert tone="error" title="The booking did not go through">
          {outcome.message} Your choice is still here: try again.
        </Alert>
      );
  }
}
