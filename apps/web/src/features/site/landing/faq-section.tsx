import type { SiteFaqEntry } from '@consult/shared';
import { FaqList } from '../faq-list';

export function FaqSection({ entries }: { entries: SiteFaqEntry[] }) {
  return (
    <section
      id="faq"
      tabIndex={-1}
      aria-labelledby="faq-heading"
      className="scroll-mt-20 border-t border-line bg-surface py-16 focus:outline-none md:py-24"
    >
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2 id="faq-heading" className="font-display text-3xl font-semibold text-brand sm:text-4xl">
          Frequently asked questions
        </h2>
        <div className="mt-10">
          <FaqList entries={entries} />
        </div>
      </div>
    </section>
  );
}
