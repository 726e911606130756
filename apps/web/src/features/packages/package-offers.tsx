/**
 * The packages on sale, on /consultation beside the services (issue 24): what each covers, how many
 * sessions, how long they last, and a button to buy. Paid online, the client goes to Stripe's
 * Checkout; paid by hand, the purchase waits on /dash for the owner to confirm the payment. A
 * signed-in client may enter a discount code (the page's coupon field) and sees the price with it.
 */
import { useRef, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import {
  COUPON_REFUSAL_MESSAGES,
  formatMoney,
  paths,
  type CouponRefusalReason,
  type PublicPackage,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { useAuth } from '../../hooks/use-auth';
import { errorMessage, errorStatus, readCouponRefusal } from '../../lib/problem';
import { useGetPackagesQuery, usePurchasePackageMutation } from './packages-api';
import { validityText, sessionsText } from './package-words';

/** A discount code the server accepted for a package, with the price it leaves to pay. */
export interface PackageCoupon {
  code: string;
  discountMinor: number;
  totalMinor: number;
  currency: string;
}

/** The page's discount code field, handed in: packages do not own discount codes. */
export type PackageCouponField = ComponentType<{
  target: { package: string };
  what: 'package';
  value: PackageCoupon | null;
  onChange: (next: PackageCoupon | null) => void;
}>;

export function PackageOffers({
  serviceTitles,
  couponField,
}: {
  serviceTitles: Record<string, string>;
  couponField?: PackageCouponField;
}) {
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
            <PackageCard
              key={offer.id}
              offer={offer}
              serviceTitles={serviceTitles}
              couponField={couponField}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}

function PackageCard({
  offer,
  serviceTitles,
  couponField: CouponField,
}: {
  offer: PublicPackage;
  serviceTitles: Record<string, string>;
  couponField: PackageCouponField | undefined;
}) {
  const { token } = useAuth();
  const [purchase, { isLoading, error, data }] = usePurchasePackageMutation();
  const [asked, setAsked] = useState(false);
  const [coupon, setCoupon] = useState<PackageCoupon | null>(null);
  const [refused, setRefused] = useState<{ code: string; reason: CouponRefusalReason } | null>(
    null,
  );
  const covered = offer.services.map((slug) => serviceTitles[slug] ?? slug);
  // The Idempotency-Key of a purchase whose answer never came (the connection dropped): asked
  // again, the server answers with the purchase it may have made instead of making a second one.
  const unanswered = useRef<{ code: string; key: string } | null>(null);

  async function buy() {
    setAsked(true);
    setRefused(null);
    const code = coupon?.code ?? '';
    const key = unanswered.current?.code === code ? unanswered.current.key : crypto.randomUUID();
    unanswered.current = null;
    const result = await purchase({
      id: offer.id,
      idempotencyKey: key,
      ...(coupon && { couponCode: coupon.code }),
    });
    if (result.error && errorStatus(result.error) === null) unanswered.current = { code, key };
    if ('data' in result && result.data?.checkoutUrl) {
      window.location.assign(result.data.checkoutUrl);
    }
    const reason = readCouponRefusal(result.error);
    if (reason && coupon) {
      // Used up or expired since it was checked: nothing was bought; the code is taken off.
      setRefused({ code: coupon.code, reason });
      setCoupon(null);
    }
  }

  return (
    <li className="flex flex-col rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <h3 className="text-xl font-semibold text-ink">{offer.title}</h3>
      <p className="mt-1 text-2xl font-semibold text-brand">
        {coupon ? (
          <>
            <span className="sr-only">Price with the code: </span>
            {coupon.totalMinor === 0
              ? 'Free'
              : formatMoney(coupon.totalMinor, coupon.currency)}{' '}
            <s className="text-base font-normal text-muted">
              <span className="sr-only">instead of </span>
              {formatMoney(offer.priceMinor, offer.currency)}
            </s>
          </>
        ) : offer.priceMinor === 0 ? (
          'Free'
        ) : (
          formatMoney(offer.priceMinor, offer.currency)
        )}
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
          <>
            {CouponField && offer.priceMinor > 0 && (
              <CouponField
                target={{ package: offer.id }}
                what="package"
                value={coupon}
                onChange={(next) => {
                  setCoupon(next);
                  setRefused(null);
                }}
              />
            )}
            <Button onClick={buy} disabled={isLoading || Boolean(data?.checkoutUrl)}>
              {isLoading || data?.checkoutUrl ? 'Opening payment…' : `Buy ${offer.title}`}
            </Button>
          </>
        )}
        {asked && refused ? (
          <Alert tone="error" title={`The code ${refused.code} could not be used`}>
            {COUPON_REFUSAL_MESSAGES[refused.reason]} Nothing was bought and the code is taken off.
          </Alert>
        ) : (
          asked && error && <Alert tone="error">{errorMessage(error)}</Alert>
        )}
      </div>
    </li>
  );
}
