import type { ReactNode } from 'react';

/** Label / value rows of a detail panel: stacked on phones, two columns from `sm` up. */
export function DetailList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-muted">{label}</dt>
          <dd className="text-base wrap-anywhere text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
