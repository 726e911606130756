import { BookingFlow } from '../../features/bookings/booking-flow';
import { ConsultationPage } from '../../features/site/consultation-page';

/** /consultation: the site's page about consultations, with the booking flow in it. */
export default function ConsultationRoute() {
  return <ConsultationPage bookingFlow={(services) => <BookingFlow services={services} />} />;
}
