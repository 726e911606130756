import { Skeleton } from '../../components/query-state';
import { useGetSchedulingSettingsQuery } from '../../features/bookings/api/owner-scheduling-api';
import { SystemPage } from '../../features/system';

/** /admin/system: status, audit log and outbox, times in the owner's zone. */
export default function AdminSystemRoute() {
  const { data, isLoading } = useGetSchedulingSettingsQuery();
  if (isLoading) return <Skeleton lines={6} label="Loading the system page" />;
  return <SystemPage timeZone={data?.rules.timeZone ?? 'UTC'} />;
}
