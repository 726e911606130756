import { Skeleton } from '../../components/query-state';
import { useGetSchedulingSettingsQuery } from '../../features/bookings/api/owner-scheduling-api';
import { AdminTasksPage } from '../../features/tasks';

/** /admin/tasks: times in the owner's zone. */
export default function AdminTasksRoute() {
  const { data, isLoading } = useGetSchedulingSettingsQuery();
  if (isLoading) return <Skeleton lines={6} label="Loading tasks" />;
  return <AdminTasksPage timeZone={data?.rules.timeZone ?? 'UTC'} />;
}
