import { Skeleton } from '../../components/query-state';
import { AdminPaymentsPage } from '../../features/payments';
import { useGetSchedulingSettingsQuery } from '../../features/bookings/api/owner-scheduling-api';

/** /admin/payments: dates in the owner's zone, where the day filters are read too. */
export default function AdminPaymentsRoute() {
  const { data, isLoading } = useGetSchedulingSettingsQuery();
  if (isLoading) return <Skeleton lines={6} label="Loading payments" />;
  return <AdminPaymentsPage timeZone={data?.rules.timeZone ?? 'UTC'} />;
}
