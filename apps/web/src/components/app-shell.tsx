/** The frame of the signed-in areas (/dash, /admin): a top bar with navigation and sign-out. */
import { useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { BrandLink } from './brand-link';

export interface ShellNavItem {
  to: string;
  label: string;
  /** Match the path exactly (the area's index). */
  end?: boolean;
  /** What the link shows in place of the bare label, e.g. the label with a count of new items. */
  content?: ReactNode;
}

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-base font-medium transition-colors ${
    isActive ? 'bg-white/15 text-white' : 'text-white/85 hover:bg-white/10 hover:text-white'
  }`;

function NavItems({ nav, className }: { nav: readonly ShellNavItem[]; className: string }) {
  return (
    <ul className={className}>
      {nav.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className={navLinkClasses}>
            {item.content ?? item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function AppShell({
  areaLabel,
  nav,
  email,
  onSignOut,
  signingOut,
  children,
}: {
  areaLabel: string;
  nav: readonly ShellNavItem[];
  email: string;
  onSignOut: () => void;
  signingOut: boolean;
  children: ReactNode;
}) {
  const menuId = useId();
  const { pathname } = useLocation();
  // The small-screen menu belongs to the page it was opened on: choosing a link closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  const signOutButton = (
    <button
      type="button"
      onClick={onSignOut}
      disabled={signingOut}
      className="min-h-11 rounded-lg border border-white/40 px-4 py-2 text-base font-semibold text-white hover:bg-white/10 disabled:opacity-70"
    >
      {signingOut ? 'Signing out...' : 'Sign out'}
    </button>
  );

  return (
    <div className="flex min-h-screen flex-col bg-paper">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-surface px-4 py-2 text-brand focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="bg-brand text-white shadow-sm">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <BrandLink tone="light" />
            <span className="hidden rounded-full bg-white/15 px-2.5 py-0.5 text-sm font-medium sm:inline">
              {areaLabel}
            </span>
          </div>
          <div className="ml-auto hidden items-center gap-4 md:flex">
            <span className="max-w-56 truncate text-sm text-white/85" title={email}>
              {email}
            </span>
            {signOutButton}
          </div>
          <button
            type="button"
            className="ml-auto min-h-11 rounded-lg border border-white/40 px-4 py-2 text-base font-semibold md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? 'Close menu' : 'Menu'}
          </button>
        </div>
        {/* A row of its own, so any number of sections fits beside the brand and sign-out. */}
        <nav aria-label={areaLabel} className="hidden border-t border-white/15 md:block">
          <NavItems
            nav={nav}
            className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-2 py-1.5 sm:px-4"
          />
        </nav>
        {menuOpen && (
          <div id={menuId} className="border-t border-white/15 px-4 pt-2 pb-4 md:hidden">
            <nav aria-label={`${areaLabel} (menu)`}>
              <NavItems nav={nav} className="flex flex-col gap-1" />
            </nav>
            <div className="mt-3 flex flex-col gap-3 border-t border-white/15 pt-3">
              <span className="truncate text-sm text-white/85">{email}</span>
              {signOutButton}
            </div>
          </div>
        )}
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-10"
      >
        {children}
      </main>
    </div>
  );
}
