import { Link } from 'react-router';
import { paths } from '@consult/shared';
import { buttonClasses } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/card';
import { UpcomingTimeline } from '../../features/bookings/admin';
import { RefundsOwedNotice } from '../../features/payments';
import { SystemCard } from '../../features/system';
import { AccountsCard } from '../../features/users';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useOwnerTimeZone } from '../../lib/owner-time-zone-api';
import { Skeleton } from '../../components/query-state';

/**
 * /admin/upcoming, the admin's start page: the bookings of today and the next days, beside a short
 * summary of refunds owed, the accounts and the system's health, each with the way to the full
 * screen.
 */
export default function AdminUpcomingRoute() {
  useDocumentTitle('Upcoming');
  const timeZone = useOwnerTimeZone();
  return (
    <>
      <PageHeader
        title="Upcoming"
        intro="Today and the coming week: mark attendance, cancel or open a booking."
        actions={
          <Link to={paths.admin.bookings} className={buttonClasses('secondary')}>
            All bookings
          </Link>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <UpcomingTimeline />
        <div className="flex flex-col gap-6">
          <RefundsOwedNotice />
          {timeZone ? (
            <AccountsCard timeZone={timeZone} />
          ) : (
            <Skeleton lines={3} label="Loading the accounts" />
          )}
          <SystemCard />
        </div>
      </div>
    </>
  );
}
