import { lazy, Suspense } from 'react';
import { BookingFlow } from '../../features/bookings/booking-flow';
import { ConsultationPage } from '../../features/site/consultation-page';

// Loaded after the page: the offers show once their list arrives anyway, and the page's first
// JavaScript stays within its budget (decision 048).
const PackageOffers = lazy(async () => ({
  default: (await import('../../features/packages')).PackageOffers,
}));

/**
 * /consultation: the site's page about consultations, with the booking flow in it and the packages
 * of sessions on sale beside the services.
 */
export default function ConsultationRoute() {
  return (
    <ConsultationPage
      bookingFlow={(services) => (
        <>
          <BookingFlow services={services} />
          <Suspense fallback={null}>
            <PackageOffers
              serviceTitles={Object.fromEntries(
                services.map((service) => [service.slug, service.title]),
              )}
            />
          </Suspense>
        </>
      )}
    />
  );
}
