import { Skeleton } from '../../components/query-state';
import { useOwnerTimeZone } from '../../lib/owner-time-zone-api';
import { SystemPage } from '../../features/system';

/** /admin/system: status, audit log and outbox, times in the owner's zone. */
export default function AdminSystemRoute() {
  const timeZone = useOwnerTimeZone();
  if (!timeZone) return <Skeleton lines={6} label="Loading the system page" />;
  return <SystemPage timeZone={timeZone} />;
}
