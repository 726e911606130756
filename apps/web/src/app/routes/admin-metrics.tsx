import { Skeleton } from '../../components/query-state';
import { useOwnerTimeZone } from '../../lib/owner-time-zone-api';
import { MetricsPage } from '../../features/metrics';

/** /admin/metrics: the owner's figures and charts; days are the owner's (their zone). */
export default function AdminMetricsRoute() {
  const timeZone = useOwnerTimeZone();
  if (!timeZone) return <Skeleton lines={6} label="Loading metrics" />;
  return <MetricsPage timeZone={timeZone} />;
}
