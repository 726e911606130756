import { Skeleton } from '../../components/query-state';
import { useOwnerTimeZone } from '../../lib/owner-time-zone-api';
import { AdminTasksPage } from '../../features/tasks';

/** /admin/tasks: times in the owner's zone. */
export default function AdminTasksRoute() {
  const timeZone = useOwnerTimeZone();
  if (!timeZone) return <Skeleton lines={6} label="Loading tasks" />;
  return <AdminTasksPage timeZone={timeZone} />;
}
