/** The site's currency, the services and the scheduling settings (rules, hours, overrides, links) of /admin/config. */
import { LoadError, Skeleton } from '../../../components/query-state';
import {
  useGetSchedulingSettingsQuery,
  useGetSiteCurrencyQuery,
} from '../api/owner-scheduling-api';
import { SchedulingForm } from './scheduling-form';
import { ServicesSection } from './services-section';
import { SiteCurrencyCard } from './site-currency-card';

export function SchedulingConfig() {
  const { data, error, isLoading, refetch } = useGetSchedulingSettingsQuery();
  const currency = useGetSiteCurrencyQuery();
  return (
    <div className="flex flex-col gap-6">
      {currency.data ? (
        <SiteCurrencyCard key={currency.data.currency} currency={currency.data.currency} />
      ) : currency.isLoading ? (
        <Skeleton lines={2} label="Loading your site’s currency" />
      ) : (
        <LoadError
          what="your site’s currency"
          error={currency.error}
          onRetry={() => void currency.refetch()}
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
