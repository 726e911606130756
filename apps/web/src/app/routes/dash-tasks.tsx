import { Skeleton } from '../../components/query-state';
import { useGetUserQuery } from '../../features/account';
import { MyTasksPage } from '../../features/tasks';
import { detectTimeZone } from '../../lib/date-time';

/** /dash/tasks: times show in the zone of the person's profile (this device's, if it fails). */
export default function DashTasksRoute() {
  const { data: user, isLoading } = useGetUserQuery();
  if (isLoading) return <Skeleton lines={4} label="Loading your tasks" />;
  return <MyTasksPage timeZone={user?.timeZone ?? detectTimeZone()} />;
}
