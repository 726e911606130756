import { useId, type ReactNode } from 'react';

/** A titled panel of a dashboard screen. */
export function Card({
  title,
  description,
  actions,
  children,
  headingLevel = 2,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading id={headingId} className="text-lg font-semibold text-ink">
            {title}
          </Heading>
          {description && <div className="mt-1 text-sm text-muted">{description}</div>}
        </div>
        {actions}
      </div>
      {children && <div className="mt-4">{children}</div>}
    </section>
  );
}

/** A page's heading and one-line introduction. */
export function PageHeader({
  title,
  intro,
  actions,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4 sm:mb-8">
      <div className="min-w-0">
        <h1 className="font-display text-3xl text-brand sm:text-4xl">{title}</h1>
        {intro && <p className="mt-2 text-base text-muted">{intro}</p>}
      </div>
      {actions}
    </div>
  );
}
