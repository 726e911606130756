import { lazy, Suspense } from 'react';
import { BookingFlow, type PaymentOptionsProps } from '../../features/bookings/booking-flow';
import { ConsultationPage } from '../../features/site/consultation-page';
import { useAuth } from '../../hooks/use-auth';
import { useHydrated } from '../../hooks/use-hydrated';

// Loaded after the page: the offers show once their list arrives anyway, and the page's first
// JavaScript stays within its budget (decision 048). Rendered only once hydrated: the server has
// no list to show, and a lazy part met by the server before its module is loaded would make React
// give the boundary up to the browser with an error (#419) on the first visit after a start.
const PackageOffers = lazy(async () => ({
  default: (await import('../../features/packages')).PackageOffers,
}));
// The choice to pay with a package credit, the same way: it shows once the credits have answered.
const CreditChoice = lazy(async () => ({
  default: (await import('../../features/packages')).CreditChoice,
}));

// And the discount code field, for a signed-in client paying as usual.
const CouponField = lazy(async () => ({
  default: (await import('../../features/coupons')).CouponField,
}));

/**
 * How to pay, in the booking flow: a package credit when one covers the service, else (or when the
 * client pays as usual) a discount code. A free service has neither.
 */
function PaymentOptions({
  service,
  timeZone,
  payment,
  onChange,
  creditRefused,
}: PaymentOptionsProps) {
  const { token } = useAuth();
  if (!token || service.priceMinor === 0) return null;
  return (
    <Suspense fallback={null}>
      <div className="flex flex-col gap-4 empty:hidden">
        {!creditRefused && (
          <CreditChoice service={service} timeZone={timeZone} value={payment} onChange={onChange} />
        )}
        {!(payment.credit && payment.useCredit) && (
          <CouponField
            target={{ service: service.slug }}
            what="session"
            value={payment.coupon}
            onChange={(coupon) => onChange({ coupon })}
          />
        )}
      </div>
    </Suspense>
  );
}

/** The discount code field on a package offer, for a signed-in client. */
function PackageCouponField(props: Parameters<typeof CouponField>[0]) {
  return (
    <Suspense fallback={null}>
      <CouponField {...props} />
    </Suspense>
  );
}

const WaitlistJoin = lazy(async () => ({
  default: (await import('../../features/waitlist')).WaitlistJoin,
}));

/**
 * /consultation: the site's page about consultations, with the booking flow in it, the waitlist for
 * those whom no time suits, and the packages of sessions on sale beside the services.
 */
export default function ConsultationRoute() {
  const hydrated = useHydrated();
  return (
    <ConsultationPage
      bookingFlow={(services) => (
        <>
          <BookingFlow services={services} paymentOptions={PaymentOptions} />
          {hydrated && (
            <Suspense fallback={null}>
              <WaitlistJoin services={services} />
            </Suspense>
          )}
          {hydrated && (
            <Suspense fallback={null}>
              <PackageOffers
                couponField={PackageCouponField}
                serviceTitles={Object.fromEntries(
                  services.map((service) => [service.slug, service.title]),
                )}
              />
            </Suspense>
          )}
        </>
      )}
    />
  );
}
