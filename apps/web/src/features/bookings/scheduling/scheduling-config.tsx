/** The site's currency, the services and the scheduling settings (rules, hours, overrides, links) of /admin/config. */
import { LoadError, Skeleton } from '../../../components/query-state';
import {
  useGetSchedulingSettingsQuery,
  useGetSiteCurrencyQuery,
  useListAdminServicesQuery,
} from '../api/owner-scheduling-api';
import { SchedulingForm } from './scheduling-form';
import { ServicesSection } from './services-section';
import { SiteCurrencyCard } from './site-currency-card';

export function SchedulingConfig() {
  const { data, error, isLoading, refetch } = useGetSchedulingSettingsQuery();
  const currency = useGetSiteCurrencyQuery();
  const services = useListAdminServicesQuery();
  return (
    <div className="flex flex-col gap-6">
      {currency.data && services.data ? (
        <SiteCurrencyCard
          key={currency.data.currency}
          currency={currency.data.currency}
          services={services.data.services}
        />
      ) : currency.isLoading || services.isLoading ? (
        <Skeleton lines={2} label="Loading your site’s currency" />
      ) : (
        <LoadError
          what="your site’s currency"
          error={currency.error ?? services.error}
          onRetry={() => void Promise.all([currency.refetch(), services.refetch()])}
        />
      )}
      <ServicesSection siteCurrency={currency.data?.currency} />
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
