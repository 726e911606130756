import type { ReactNode } from 'react';

/** A small rounded label (a state or status); `tone` gives its background and text colours. */
export function Pill({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${tone}`}
    >
      {children}
    </span>
  );
}
