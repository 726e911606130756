import { Skeleton } from '../../components/query-state';
import { useGetSchedulingSettingsQuery } from '../../features/bookings/api/owner-scheduling-api';
import { AdminMessagesPage } from '../../features/messages';

/** /admin/messages: the contact inbox, times in the owner's zone. */
export default function AdminMessagesRoute() {
  const { data, isLoading } = useGetSchedulingSettingsQuery();
  if (isLoading) return <Skeleton lines={6} label="Loading messages" />;
  return <AdminMessagesPage timeZone={data?.rules.timeZone ?? 'UTC'} />;
}
