/**
 * A bar chart drawn by uPlot on a canvas, which screen readers skip: the figure's caption says
 * what it shows in words, and a table holds every bar's value for them. uPlot (and its CSS) is
 * imported only here, so it loads with the metrics route alone (decision 031).
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const CHART_HEIGHT = 220;
/** Below this many pixels per label, labels are thinned out. */
const LABEL_SPACING_PX = 64;

export interface BarChartProps {
  /** The table's caption and the figure's name. */
  title: string;
  /** One or two sentences a screen reader hears instead of the picture; shown to everyone. */
  summary: string;
  labels: string[];
  values: number[];
  /** The category column's and the value column's headings in the table. */
  columns: [string, string];
  formatValue: (value: number) => string;
  /** The y axis' tick text (e.g. amounts without decimals). */
  formatTick?: (value: number) => string;
  color: string;
}

function themeColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

export function BarChart({
  title,
  summary,
  labels,
  values,
  columns,
  formatValue,
  formatTick = formatValue,
  color,
}: BarChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const xs = labels.map((_, i) => i);
    const ink = themeColor('--color-muted', '#4b5755');
    const grid = themeColor('--color-line', '#d9dedc');
    const labelStep = (width: number) =>
      Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor(width / LABEL_SPACING_PX))));
    const width = Math.max(element.clientWidth, 200);
    const chart = new uPlot(
      {
        width,
        height: CHART_HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: () => [-0.5, labels.length - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.15)] },
        },
        axes: [
          {
            stroke: ink,
            grid: { show: false },
            ticks: { show: false },
            splits: (u) => xs.filter((i) => i % labelStep(u.width) === 0),
            values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
          },
          {
            stroke: ink,
            grid: { stroke: grid, width: 1 },
            ticks: { show: false },
            size: 64,
            values: (_u, splits) => splits.map((v) => formatTick(v)),
          },
        ],
        series: [
          {},
          {
            label: columns[1],
            stroke: color,
            fill: color,
            points: { show: false },
            paths: uPlot.paths.bars!({ size: [0.6, 48] }),
          },
        ],
      },
      [xs, values],
      element,
    );
    const observer = new ResizeObserver(() => {
      const next = Math.max(element.clientWidth, 200);
      if (next !== chart.width) chart.setSize({ width: next, height: CHART_HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [labels, values, columns, formatTick, color]);

  return (
    <figure className="m-0">
      <div ref={container} aria-hidden="true" className="w-full overflow-hidden" />
      <figcaption className="mt-3 text-sm text-muted">{summary}</figcaption>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{columns[0]}</th>
            <th scope="col">{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={`${i}-${label}`}>
              <th scope="row">{label}</th>
              <td>{formatValue(values[i] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
