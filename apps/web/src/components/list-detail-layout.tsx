import type { ReactNode } from 'react';
import { Button } from './ui/button';

/**
 * An admin list beside its detail panel. From `lg` up both show; below, an open panel takes the
 * whole width and a back button returns to the list.
 */
export function ListDetailLayout({
  list,
  panel,
  backLabel,
  onBack,
  placeholder,
}: {
  list: ReactNode;
  /** The open panel, or `null` when none is open. */
  panel: ReactNode;
  backLabel: string;
  onBack: () => void;
  /** Shown in place of the panel (from `lg` up) while none is open. */
  placeholder: string;
}) {
  const open = panel !== null;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <div className={open ? 'hidden lg:block' : ''}>{list}</div>
      {open ? (
        <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
          <Button variant="ghost" className="mb-3 -ml-3 lg:hidden" onClick={onBack}>
            {backLabel}
          </Button>
          {panel}
        </div>
      ) : (
        <div className="hidden rounded-2xl border border-dashed border-line px-5 py-10 text-center text-muted lg:block">
          {placeholder}
        </div>
      )}
    </div>
  );
}

/** The empty state of a list: what is missing and, when it helps, what to try. */
export function EmptyList({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-surface px-5 py-10 text-center">
      <p className="font-semibold text-ink">{title}</p>
      {hint && <p className="mt-1 text-sm text-muted">{hint}</p>}
    </div>
  );
}
