/** The services and the scheduling settings (rules, hours, overrides, links) of /admin/config. */
import { LoadError, Skeleton } from '../../../components/query-state';
import { useGetSchedulingSettingsQuery } from '../api/owner-scheduling-api';
import { SchedulingForm } from './scheduling-form';
import { ServicesSection } from './services-section';

export function SchedulingConfig() {
  const { data, error, isLoading, refetch } = useGetSchedulingSettingsQuery();
  return (
    <div className="flex flex-col gap-6">
      <ServicesSection />
      {isLoading ? (
        <Skeleton lines={8} label="Loading your hours and rules" />
      ) : !data ? (
        <LoadError what="your hours and rules" error={error} onRetry={() => void refetch()} />
      ) : (
        <SchedulingForm settings={data} />
      )}
    </div>
  );
}
