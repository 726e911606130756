/**
 * The tabs of a long admin page, each a link with its own address (`?tab=`), so a tab can be
 * bookmarked, opened from elsewhere and left with the back button.
 */
import { useEffect, useRef } from 'react';
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
  const navRef = useRef<HTMLElement>(null);
  // The chosen tab in view on a narrow screen, by scrolling the row only (never the page).
  useEffect(() => {
    const nav = navRef.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active) return;
    const right = active.offsetLeft + active.offsetWidth;
    if (active.offsetLeft < nav.scrollLeft || right > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = Math.max(0, right - nav.clientWidth);
    }
  }, [current]);
  return (
    // One row that scrolls sideways on a narrow screen, rather than tabs wrapping under the line.
    <nav ref={navRef} aria-label={label} className="relative mb-6 overflow-x-auto">
      <ul className="flex min-w-max gap-x-1 border-b border-line">
        {tabs.map((item) => (
          <li key={item.id}>
            <Link
              to={sectionTabHref(path, tabs, item.id)}
              aria-current={item.id === current ? 'page' : undefined}
              className={`-mb-px inline-flex min-h-11 items-center border-b-3 px-3 font-semibold whitespace-nowrap sm:px-4 ${
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
