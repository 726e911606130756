import { Skeleton } from '../../components/query-state';
import { useOwnerTimeZone } from '../../lib/owner-time-zone-api';
import { AdminMessagesPage } from '../../features/messages';

/** /admin/messages: the contact inbox, times in the owner's zone. */
export default function AdminMessagesRoute() {
  const timeZone = useOwnerTimeZone();
  if (!timeZone) return <Skeleton lines={6} label="Loading messages" />;
  return <AdminMessagesPage timeZone={timeZone} />;
}
