import type { SiteContent } from '@consult/shared';

/** The consultant's initials, e.g. "AS" for Ayesha Siddiqui. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts;
  return letters.map((part) => part[0]!.toUpperCase()).join('');
}

/** The mark and name of the consultant, as shown in the headers. */
export function SiteLogo({ consultant }: { consultant: SiteContent['consultant'] }) {
  return (
    <span className="inline-flex items-center gap-3">
      <span
        aria-hidden="true"
        className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand font-display text-base font-semibold text-white"
      >
        {consultant.initials}
      </span>
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="font-display text-lg font-semibold text-brand">{consultant.name}</span>
        {consultant.role && (
          <span className="hidden text-xs text-muted sm:block">{consultant.role}</span>
        )}
      </span>
    </span>
  );
}
