import { lazy, Suspense } from 'react';
import { BookingFlow, type PaymentOptionsProps } from '../../features/bookings/booking-flow';
import { ConsultationPage } from '../../features/site/consultation-page';
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

/** How to pay, in the booking flow: a package credit when one covers the service. */
function PaymentOptions({
  service,
  timeZone,
  payment,
  onChange,
  creditRefused,
}: PaymentOptionsProps) {
  if (creditRefused) return null;
  return (
    <Suspense fallback={null}>
      <CreditChoice service={service} timeZone={timeZone} value={payment} onChange={onChange} />
    </Suspense>
  );
}

/**
 * /consultation: the site's page about consultations, with the booking flow in it and the packages
 * of sessions on sale beside the services.
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
              <PackageOffers
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
