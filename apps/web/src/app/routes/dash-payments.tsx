import { Skeleton } from '../../components/query-state';
import { useGetUserQuery } from '../../features/account';
import { MyPaymentsPage } from '../../features/payments';
import { detectTimeZone } from '../../lib/date-time';

/** /dash/payments: dates show in the zone of the person's profile (this device's, if it fails). */
export default function DashPaymentsRoute() {
  const { data: user, isLoading } = useGetUserQuery();
  if (isLoading) return <Skeleton lines={4} label="Loading your payments" />;
  return <MyPaymentsPage timeZone={user?.timeZone ?? detectTimeZone()} />;
}
