import { Skeleton } from '../../components/query-state';
import { useOwnerTimeZone } from '../../lib/owner-time-zone-api';
import { AdminPaymentsPage } from '../../features/payments';

/** /admin/payments: dates in the owner's zone, where the day filters are read too. */
export default function AdminPaymentsRoute() {
  const timeZone = useOwnerTimeZone();
  if (!timeZone) return <Skeleton lines={6} label="Loading payments" />;
  return <AdminPaymentsPage timeZone={timeZone} />;
}
