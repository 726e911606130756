/**
 * The packages on sale, on /consultation beside the services (issue 24): what each covers, how many
 * sessions, how long they last, and a button to buy. Paid online, the client goes to Stripe's
 * Checkout; paid by hand, the purchase waits on /dash for the owner to confirm the payment.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, paths, type PublicPackage } from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { useAuth } from '../../hooks/use-auth';
import { errorMessage } from '../../lib/problem';
import { useGetPackagesQuery, usePurchasePackageMutation } from './packages-api';
import { validityText, sessionsText } from './package-words';

export function PackageOffers({ serviceTitles }: { serviceTitles: Record<string, string> }) {
  const { data } = useGetPackagesQuery();
  // Nothing while loading, and nothing when no package is on sale: the page reads as before.
  if (!data || data.packages.length === 0) return null;
  return (
    <section aria-labelledby="packages-heading" className="border-t border-line py-12 md:py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="packages-heading" className="font-display text-3xl font-semibold text-brand">
          Packages of sessions
        </h2>
        <p className="mt-3 max-w-2xl text-base text-muted">
          Buy several sessions at once. Each session booked with a package uses one credit; cancel
          in time and the credit comes back.
        </p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {data.packages.map((offer) => (
            <PackageCard key={offer.id} offer={offer} serviceTitles={serviceTitles} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function PackageCard({
  offer,
  serviceTitles,
}: {
  offer: PublicPackage;
  serviceTitles: Record<string, string>;
}) {
  const { token } = useAuth();
  const [purchase, { isLoading, error, data }] = usePurchasePackageMutation();
  const [asked, setAsked] = useState(false);
  const covered = offer.services.map((slug) => serviceTitles[slug] ?? slug);

  async function buy() {
    setAsked(true);
    const answer = await purchase({ id: offer.id })
      .unwrap()
      .catch(() => null);
    if (answer?.checkoutUrl) window.location.assign(answer.checkoutUrl);
  }

  return (
    <li className="flex flex-col rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <h3 className="text-xl font-semibold text-ink">{offer.title}</h3>
      <p className="mt-1 text-2xl font-semibold text-brand">
        {offer.priceMinor === 0 ? 'Free' : formatMoney(offer.priceMinor, offer.currency)}
      </p>
      <p className="mt-2 text-sm text-muted">
        {sessionsText(offer.sessions)} · {validityText(offer.validityDays)}
      </p>
      {offer.description && <p className="mt-3 text-base text-ink">{offer.description}</p>}
      <p className="mt-3 text-sm text-muted">For: {covered.join(', ')}</p>
      <div className="mt-auto flex flex-col gap-3 pt-5">
        {!token ? (
          <Link to={paths.signIn} className={buttonClasses('secondary')}>
            Sign in to buy
          </Link>
        ) : data && !data.checkoutUrl ? (
          <Alert
            tone="success"
            title={data.purchase.state === 'paid' ? 'Your credits are ready' : 'Purchase recorded'}
          >
            {data.purchase.state === 'paid' ? (
              <>Book a covered session below: your credit is used automatically.</>
            ) : (
              <>
                It waits for your payment; your credits are ready once it is confirmed. See{' '}
                <Link to={paths.dashboard} className="underline">
                  your dashboard
                </Link>
                .
              </>
            )}
          </Alert>
        ) : (
          <Button onClick={buy} disabled={isLoading || Boolean(data?.checkoutUrl)}>
            {isLoading || data?.checkoutUrl ? 'Opening payment…' : `Buy ${offer.title}`}
          </Button>
        )}
        {asked && error && <Alert tone="error">{errorMessage(error)}</Alert>}
      </div>
    </li>
  );
}
