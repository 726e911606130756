import { Skeleton } from '../../components/query-state';
import { useGetSchedulingSettingsQuery } from '../../features/bookings/api/owner-scheduling-api';
import { MetricsPage } from '../../features/metrics';

/** /admin/metrics: the owner's figures and charts; days are the owner's (their zone). */
export default function AdminMetricsRoute() {
  const { data, isLoading } = useGetSchedulingSettingsQuery();
  if (isLoading) return <Skeleton lines={6} label="Loading metrics" />;
  return <MetricsPage timeZone={data?.rules.timeZone ?? 'UTC'} />;
}
