/**
 * /admin/metrics: the figures of a range of the owner's days against the range before, the charts
 * and the CSV of its bookings. The range lives in the address (?from=&to=), so it can be shared
 * and survives a reload; without it, the last 30 days.
 */
import { useSearchParams } from 'react-router';
import {
  METRICS_MESSAGES,
  metricsQuerySchema,
  presetRange,
  type DayRange,
  type Metrics,
} from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Card, PageHeader } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BookingsCsvButton } from './bookings-csv-button';
import { useGetMetricsQuery } from './metrics-api';
import { MetricsCharts } from './metrics-charts';
import { MetricsFiguresGrid } from './metrics-figures';
import { todayIn } from '../../lib/date-time';
import { formatRange } from './metrics-format';
import { RangePicker } from './range-picker';

function isEmpty(metrics: Metrics): boolean {
  return (
    metrics.bookings.total === 0 &&
    metrics.revenue.length === 0 &&
    metrics.newClients === 0 &&
    metrics.contactMessages === 0
  );
}

/** The range in the address when it is a valid one, else the default. */
function rangeFrom(params: URLSearchParams, today: string): DayRange {
  const parsed = metricsQuerySchema.safeParse({
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  });
  if (parsed.success && parsed.data.from && parsed.data.to) {
    return { from: parsed.data.from, to: parsed.data.to };
  }
  return presetRange('last30Days', today);
}

export function MetricsPage({ timeZone }: { timeZone: string }) {
  useDocumentTitle('Metrics');
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone);
  const range = rangeFrom(params, today);
  const { data, error, isLoading, isFetching, refetch } = useGetMetricsQuery(range);
  const shown = data && data.range.from === range.from && data.range.to === range.to;

  return (
    <>
      <PageHeader
        title="Metrics"
        intro={`Your practice over a range of days (${timeZone}), against the range of the same length before it.`}
        actions={<BookingsCsvButton range={range} />}
      />
      <div className="flex flex-col gap-6">
        <Card title="Range" description={formatRange(range)}>
          <RangePicker
            range={range}
            today={today}
            onChange={(next) => setParams({ from: next.from, to: next.to })}
          />
        </Card>
        {isLoading || (!shown && isFetching) ? (
          <Skeleton lines={6} label="Loading the metrics" />
        ) : !data ? (
          <LoadError what="the metrics" error={error} onRetry={() => void refetch()} />
        ) : (
          <div className="flex flex-col gap-6" aria-busy={isFetching}>
            <p className="text-sm text-muted">
              Compared with {formatRange(data.previous.range)}. Bookings count by their start,
              payments by the day they were paid, refunds by the day they were made.
            </p>
            {isEmpty(data) && (
              <Alert tone="info" title="An empty range">
                {METRICS_MESSAGES.emptyRange}
              </Alert>
            )}
            <MetricsFiguresGrid current={data} previous={data.previous} />
            {!isEmpty(data) && <MetricsCharts metrics={data} />}
          </div>
        )}
      </div>
    </>
  );
}
