import type { SiteFaqEntry } from '@consult/shared';

/**
 * Questions as native disclosures (<details>/<summary>): keyboard and screen-reader friendly,
 * and the answers are in the page even without JavaScript.
 */
export function FaqList({ entries }: { entries: SiteFaqEntry[] }) {
  return (
    <div className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {entries.map((entry) => (
        <details key={entry.question} className="group px-5 sm:px-6">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-4 text-base font-semibold text-ink marker:hidden hover:text-brand [&::-webkit-details-marker]:hidden">
            {entry.question}
            <span
              aria-hidden="true"
              className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-soft text-lg leading-none text-brand transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <p className="pb-5 text-base leading-relaxed text-muted">{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
