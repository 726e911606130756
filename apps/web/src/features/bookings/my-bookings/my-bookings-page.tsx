/** /dash/bookings: upcoming bookings with their actions, and the past ones page by page. */
import { Link } from 'react-router';
import { paths } from '@consult/shared';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { zoneName } from '../../../lib/date-time';
import { PastBookings } from './past-bookings';
import { PaymentReturnNotice } from './payment-return-notice';
import { UpcomingBookings } from './upcoming-bookings';

export function MyBookingsPage({ timeZone }: { timeZone: string }) {
  useDocumentTitle('Bookings');
  return (
    <>
      <PageHeader
        title="Bookings"
        intro={`Your consultations, with times in ${zoneName(timeZone)} (change it in your profile).`}
        actions={
          <Link to={paths.consultation} className={buttonClasses('primary')}>
            Book a consultation
          </Link>
        }
      />
      <div className="flex flex-col gap-10">
        <PaymentReturnNotice timeZone={timeZone} />
        <UpcomingBookings timeZone={timeZone} />
        <PastBookings timeZone={timeZone} />
      </div>
    </>
  );
}
