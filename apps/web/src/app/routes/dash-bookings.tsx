import { Skeleton } from '../../components/query-state';
import { useGetUserQuery } from '../../features/account';
import { MyBookingsPage } from '../../features/bookings/my-bookings';
import { detectTimeZone } from '../../lib/date-time';

/** /dash/bookings: times show in the zone of the person's profile (this device's, if it fails). */
export default function DashBookingsRoute() {
  const { data: user, isLoading } = useGetUserQuery();
  if (isLoading) return <Skeleton lines={6} label="Loading your bookings" />;
  return <MyBookingsPage timeZone={user?.timeZone ?? detectTimeZone()} />;
}
