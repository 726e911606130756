import { BookingsPage } from '../../features/bookings/admin';
import { TasksSection } from '../../features/tasks';
import { AdminWaitlistCard } from '../../features/waitlist';
import { detectTimeZone } from '../../lib/date-time';
import { useOwnerTimeZone } from '../../lib/owner-time-zone-api';

/**
 * /admin/bookings: each booking's detail with its tasks, where the owner adds one for it, and the
 * waitlist: who waits for a freed time and the offers made to them.
 */
export default function AdminBookingsRoute() {
  const ownerTimeZone = useOwnerTimeZone();
  return (
    <>
      <BookingsPage
        bookingSections={(booking, timeZone) => (
          <TasksSection clientId={booking.clientId} bookingId={booking.id} timeZone={timeZone} />
        )}
      />
      <div className="mt-8">
        <AdminWaitlistCard timeZone={ownerTimeZone ?? detectTimeZone()} />
      </div>
    </>
  );
}
