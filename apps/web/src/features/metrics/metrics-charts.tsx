/** Bookings per week and net revenue per month (a chart per currency), each with its summary. */
import { useMemo } from 'react';
import { formatMoney, monthsOf, type Metrics } from '@consult/shared';
import { Card } from '../../components/ui/card';
import { BarChart } from './bar-chart';
import { formatDayOfMonth, formatMediumDay } from '../../lib/date-time';
import { formatMonthKey } from './metrics-format';
import { countOf } from '../../lib/plural';

const BOOKINGS_COLOR = '#0f3d3e';
const REVENUE_COLOR = '#b4532a';
const WEEK_COLUMNS: [string, string] = ['Week starting', 'Bookings'];
const countTick = (v: number) => (Number.isInteger(v) ? String(v) : '');

function BookingsPerWeek({ metrics }: { metrics: Metrics }) {
  const weeks = metrics.series.bookingsPerWeek;
  // Stable arrays: the chart is drawn again only when the data changes.
  const { labels, values } = useMemo(
    () => ({
      labels: weeks.map((w) => formatDayOfMonth(w.weekStart)),
      values: weeks.map((w) => w.count),
    }),
    [weeks],
  );
  const busiest = weeks.reduce((best, week) => (week.count > best.count ? week : best), weeks[0]!);
  const total = values.reduce((a, b) => a + b, 0);
  const summary =
    total === 0
      ? `No bookings in the ${countOf(weeks.length, 'week')} of this range.`
      : `${countOf(total, 'booking')} over ${countOf(weeks.length, 'week')}; the busiest week began ${formatMediumDay(busiest.weekStart)} with ${busiest.count}.`;
  return (
    <Card
      title="Bookings per week"
      description="Weeks start on Monday; every booking by its start."
    >
      <BarChart
        title="Bookings per week"
        summary={summary}
        labels={labels}
        values={values}
        columns={WEEK_COLUMNS}
        formatValue={String}
        formatTick={countTick}
        color={BOOKINGS_COLOR}
      />
    </Card>
  );
}

function RevenuePerMonth({ metrics, currency }: { metrics: Metrics; currency: string }) {
  const chart = useMemo(() => {
    const months = monthsOf(metrics.range);
    const byMonth = new Map(
      metrics.series.revenuePerMonth
        .filter((r) => r.currency === currency)
        .map((r) => [r.month, r.netMinor]),
    );
    return {
      months,
      labels: months.map(formatMonthKey),
      values: months.map((month) => byMonth.get(month) ?? 0),
      columns: ['Month', `Net revenue (${currency})`] as [string, string],
      money: (minor: number) => formatMoney(minor, currency),
      tick: (minor: number) => formatMoney(minor, currency, { wholeUnitsShort: true }),
    };
  }, [metrics, currency]);
  const { months, values, money } = chart;
  const total = values.reduce((a, b) => a + b, 0);
  const bestIndex = values.reduce((top, value, i) => (value > values[top]! ? i : top), 0);
  const summary = `Net ${currency} revenue over ${countOf(months.length, 'month')}: ${money(total)} in all; highest in ${formatMonthKey(months[bestIndex]!)} with ${money(values[bestIndex]!)}.`;
  return (
    <Card
      title={`Revenue per month (${currency})`}
      description="Payments by the day they were paid, minus refunds by the day they were made."
    >
      <BarChart
        title={`Net revenue per month in ${currency}`}
        summary={summary}
        labels={chart.labels}
        values={values}
        columns={chart.columns}
        formatValue={money}
        formatTick={chart.tick}
        color={REVENUE_COLOR}
      />
    </Card>
  );
}

export function MetricsCharts({ metrics }: { metrics: Metrics }) {
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
      <BookingsPerWeek metrics={metrics} />
      {metrics.revenue.map((r) => (
        <RevenuePerMonth key={r.currency} metrics={metrics} currency={r.currency} />
      ))}
      {metrics.revenue.length === 0 && (
        <Card title="Revenue per month">
          <p className="text-base text-muted">No payments or refunds in this range, so no chart.</p>
        </Card>
      )}
    </div>
  );
}
