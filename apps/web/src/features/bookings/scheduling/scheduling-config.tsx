/** /admin/config: the services and the scheduling settings (rules, hours, overrides, links). */
import { LoadError, Skeleton } from '../../../components/query-state';
import { PageHeader } from '../../../components/ui/card';
import { useGetSchedulingSettingsQuery } from '../api/owner-scheduling-api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SchedulingForm } from './scheduling-form';
import { ServicesSection } from './services-section';

export function ConfigPage() {
  useDocumentTitle('Configuration');
  const { data, error, isLoading, refetch } = useGetSchedulingSettingsQuery();
  return (
    <>
      <PageHeader
        title="Configuration"
        intro="Your services, opening hours and booking rules. Every change is recorded."
      />
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
    </>
  );
}
