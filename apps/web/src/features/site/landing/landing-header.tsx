import { useEffect, useState } from 'react';
import {
  HEADER_SHADOW_THRESHOLD_PX,
  MOBILE_BREAKPOINT_PX,
  type SiteContent,
} from '@consult/shared';
import { buttonClasses } from '../../../components/ui/button';
import { ContactButton } from '../contact';
import { SiteLogo } from '../site-logo';
import type { AccountLink } from './account-link';
import { MenuIcon } from './icons';
import { MobileMenu } from './mobile-menu';
import { scrollToSection, sectionLinks } from './section-link';
import { useScrolledPast } from './use-scrolled-past';

const navLinkClasses =
  'rounded-lg px-3 py-2 text-sm font-semibold text-ink transition-colors hover:bg-brand-soft hover:text-brand';

/**
 * The landing header: logo, section anchors, Contact Me and Sign In / Dashboard. Below the mobile
 * breakpoint (Tailwind's `md`, 768 px = MOBILE_BREAKPOINT_PX) the items move into a slide-in menu.
 * Links out of the page are plain anchors: the landing page has its own small entry, without the
 * app's router, so they load the app's pages in full.
 */
export function LandingHeader({ site, account }: { site: SiteContent; account: AccountLink }) {
  const scrolled = useScrolledPast(HEADER_SHADOW_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    // The menu belongs to narrow screens: widening the window closes it.
    const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onChange = () => wide.matches && setMenuOpen(false);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={`sticky top-0 z-30 transition-[background-color,box-shadow] duration-200 ${
        scrolled ? 'bg-surface shadow-md' : 'bg-transparent'
      }`}
    >
      <div className="mx-auto flex min-h-16 max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6 md:min-h-20">
        <a
          href="#home"
          onClick={(event) => scrollToSection(event, 'home')}
          className="min-w-0 rounded-lg"
        >
          <SiteLogo consultant={site.consultant} />
          <span className="sr-only"> (home)</span>
        </a>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {sectionLinks.map((link) => (
            <a
              key={link.id}
              href={`#${link.id}`}
              onClick={(event) => scrollToSection(event, link.id)}
              className={navLinkClasses}
            >
              {link.label}
            </a>
          ))}
          <ContactButton className={`${buttonClasses('secondary')} ml-3`}>Contact Me</ContactButton>
          <a href={account.to} className={`${buttonClasses('primary')} ml-2`}>
            {account.label}
          </a>
        </nav>
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          className="grid size-11 shrink-0 place-items-center rounded-lg text-ink hover:bg-brand-soft md:hidden"
        >
          <MenuIcon />
          <span className="sr-only">Menu</span>
        </button>
      </div>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} account={account} />
    </header>
  );
}
