/**
 * The tabs of a long admin page, each a link with its own address (`?tab=`), so a tab can be
 * bookmarked, opened from elsewhere and left with the back button.
 */
import { Link } from 'react-router';

export interface SectionTab<Id extends string> {
  id: Id;
  label: string;
}

/** The tab named by `value`, else the first one. */
export function readSectionTab<Id extends string>(
  tabs: readonly SectionTab<Id>[],
  value: string | null,
): Id {
  return tabs.find((tab) => tab.id === value)?.id ?? tabs[0]!.id;
}

/** The first tab's address is the page's own; the others add `?tab=<id>`. */
export function sectionTabHref<Id extends string>(
  path: string,
  tabs: readonly SectionTab<Id>[],
  id: Id,
): string {
  return id === tabs[0]!.id ? path : `${path}?tab=${id}`;
}

export function SectionTabs<Id extends string>({
  label,
  path,
  tabs,
  current,
}: {
  /** What the tabs are, for screen readers: "System sections". */
  label: string;
  path: string;
  tabs: readonly SectionTab<Id>[];
  current: Id;
}) {
  return (
    <nav aria-label={label} className="mb-6 border-b border-line">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {tabs.map((item) => (
          <li key={item.id}>
            <Link
              to={sectionTabHref(path, tabs, item.id)}
              aria-current={item.id === current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center border-b-3 px-4 font-semibold ${
                item.id === current
                  ? 'border-brand text-brand'
                  : 'border-transparent text-muted hover:text-ink'
              }`}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
