import { lazy, Suspense } from 'react';
import { BookingFlow } from '../../features/bookings/booking-flow';
import { ConsultationPage } from '../../features/site/consultation-page';
import { useHydrated } from '../../hooks/use-hydrated';

// Loaded after the page: the offers show once their list arrives anyway, and the page's first
// JavaScript stays within its budget (decision 048). Rendered only once hydrated: the server has
// no list to show, and a lazy part met by the server before its module is loaded would make React
// give the boundary up to the browser with an error (#419) on the first visit after a start.
const PackageOffers = lazy(async () => ({
  default: (await import('../../features/packages')).PackageOffers,
}));

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
          <BookingFlow services={services} />
          {hydrated && (
            <Suspense fallback={null}>
              <WaitlistJoin services={services} />
            </Suspense>
          )}
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
