import { BookingsPage } from '../../features/bookings/admin';
import { TasksSection } from '../../features/tasks';

/** /admin/bookings: each booking's detail with its tasks, where the owner adds one for it. */
export default function AdminBookingsRoute() {
  return (
    <BookingsPage
      bookingSections={(booking, timeZone) => (
        <TasksSection clientId={booking.clientId} bookingId={booking.id} timeZone={timeZone} />
      )}
    />
  );
}
