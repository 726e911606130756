/**
 * /waitlist/offers/:token, the page the offer mail links: the freed time, how long it is held, and
 * one button to book it (exactly like a normal booking: a package credit or the payment included)
 * or one to let it go to the next person waiting.
 */
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  clientBookingPath,
  consultationPathFor,
  formatMoney,
  paths,
  type WaitlistOfferView,
} from '@consult/shared';
import { BrandLink } from '../../components/brand-link';
import { LoadingScreen } from '../../components/loading-screen';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { formatDateTime, formatTime, zoneName } from '../../lib/date-time';
import { errorMessage, errorStatus } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  useAcceptWaitlistOfferMutation,
  useDeclineWaitlistOfferMutation,
  useGetWaitlistOfferQuery,
} from './waitlist-api';

function OfferLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-screen flex-col items-center bg-paper px-4 py-8 sm:py-14">
      <header className="mb-6 sm:mb-8">
        <BrandLink />
      </header>
      <main className="w-full max-w-md">
        <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8">
          <h1 className="font-display text-3xl text-brand">{title}</h1>
          <div className="mt-6 flex flex-col gap-5">{children}</div>
        </div>
      </main>
    </div>
  );
}

const dashboardLink = (
  <Link to={paths.dashboard} className={buttonClasses('secondary')}>
    Go to your dashboard
  </Link>
);

export function WaitlistOfferPage({ token, timeZone }: { token: string; timeZone: string }) {
  const { data, error, isLoading } = useGetWaitlistOfferQuery(token);
  const [accept, accepted] = useAcceptWaitlistOfferMutation();
  const [decline, declined] = useDeclineWaitlistOfferMutation();

  if (accepted.data) {
    const booking = accepted.data;
    if (booking.checkoutUrl) return <ToCheckout url={booking.checkoutUrl} />;
    return (
      <OfferLayout title="You are booked">
        <Alert
          tone="success"
          title={`${booking.service.title}, ${formatDateTime(booking.start, timeZone)}`}
        >
          {booking.paymentDue
            ? 'The time is yours. The confirmation e-mail and the booking page say how to pay.'
            : 'The time is yours. A confirmation with a calendar invite is on its way.'}
        </Alert>
        <Link to={clientBookingPath(booking.id)} className={buttonClasses('primary')}>
          See this booking
        </Link>
      </OfferLayout>
    );
  }
  if (declined.isSuccess) {
    return (
      <OfferLayout title="Offered to the next person">
        <p className="text-base text-ink">
          Thank you for saying so. You stay on the waitlist: we e-mail you when another time frees
          up.
        </p>
        {dashboardLink}
      </OfferLayout>
    );
  }
  if (isLoading) {
    return (
      <OfferLayout title="A time freed up">
        <LoadingScreen />
      </OfferLayout>
    );
  }
  if (!data) {
    const gone = errorStatus(error) === 404;
    return (
      <OfferLayout title={gone ? 'This offer has ended' : 'The offer could not be loaded'}>
        <p className="text-base text-ink">
          {gone
            ? 'The time was booked, declined, or held for longer than the offer lasts. You stay on the waitlist: we e-mail you when another time frees up.'
            : errorMessage(error)}
        </p>
        {dashboardLink}
      </OfferLayout>
    );
  }

  const { offer } = data;
  const decisionError = accepted.error ?? declined.error;
  return (
    <OfferLayout title="A time freed up for you">
      <OfferDetails offer={offer} timeZone={timeZone} />
      {decisionError && (
        <Alert tone="error">
          {errorMessage(decisionError)}{' '}
          {errorStatus(decisionError) === 400 && (
            <Link to={consultationPathFor(offer.service)} className="underline">
              Book it on the booking page instead
            </Link>
          )}
        </Alert>
      )}
      <div className="flex flex-col gap-3">
        <Button
          disabled={accepted.isLoading || declined.isLoading}
          onClick={() => void accept({ token })}
        >
          {accepted.isLoading ? 'Booking…' : 'Book this time'}
        </Button>
        <Button
          variant="ghost"
          disabled={accepted.isLoading || declined.isLoading}
          onClick={() => void decline(token)}
        >
          {declined.isLoading ? 'Letting it go…' : 'No thanks, offer it to someone else'}
        </Button>
      </div>
    </OfferLayout>
  );
}

/** Held for online payment: on to Stripe's Checkout, as a booking made on /consultation goes. */
function ToCheckout({ url }: { url: string }) {
  useEffect(() => window.location.assign(url), [url]);
  return (
    <OfferLayout title="Opening the payment">
      <LoadingScreen />
    </OfferLayout>
  );
}

function OfferDetails({
  offer,
  timeZone,
}: {
  offer: WaitlistOfferView['offer'];
  timeZone: string;
}) {
  const rows: [string, string][] = [
    ['Session', offer.serviceTitle],
    [
      'When',
      `${formatDateTime(offer.start, timeZone)} to ${formatTime(offer.end, timeZone)} (${zoneName(timeZone)})`,
    ],
    [
      'Price',
      offer.priceMinor === 0
        ? 'Free'
        : `${formatMoney(offer.priceMinor, offer.currency)}, paid as for any booking (a package credit is used if you have one)`,
    ],
    ['Held for you until', formatTime(offer.expiresAt, timeZone)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-xl bg-paper p-4 sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-muted">{label}</dt>
          <dd className="text-base wrap-anywhere text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
