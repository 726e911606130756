import { useParams } from 'react-router';
import { Skeleton } from '../../components/query-state';
import { useGetUserQuery } from '../../features/account';
import { BookingPage } from '../../features/bookings/my-bookings';
import { detectTimeZone } from '../../lib/date-time';

/** /dash/bookings/:id: one booking, with times in the zone of the person's profile. */
export default function DashBookingRoute() {
  const { id = '' } = useParams();
  const { data: user, isLoading } = useGetUserQuery();
  if (isLoading) return <Skeleton lines={6} label="Loading the booking" />;
  return <BookingPage id={id} timeZone={user?.timeZone ?? detectTimeZone()} />;
}
