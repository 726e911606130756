import { MOBILE_MENU_WIDTH_PERCENT } from '@consult/shared';
import { buttonClasses } from '../../../components/ui/button';
import { useModalDialog } from '../../../hooks/use-modal-dialog';
import { ContactButton } from '../contact';
import type { AccountLink } from './account-link';
import { CloseIcon } from './icons';
import { goToSection, sectionLinks } from './section-link';

/** The slide-in menu of small screens: the header's items, 80% of the width. */
export function MobileMenu({
  open,
  onClose,
  account,
}: {
  open: boolean;
  onClose: () => void;
  account: AccountLink;
}) {
  const dialog = useModalDialog(open, onClose);
  return (
    <dialog
      {...dialog}
      aria-label="Menu"
      aria-modal="true"
      style={{ width: `${MOBILE_MENU_WIDTH_PERCENT}%` }}
      className="mobile-menu fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none max-w-none bg-surface p-0 text-ink shadow-2xl backdrop:bg-ink/50 md:hidden"
    >
      <div className="flex h-full flex-col gap-2 p-4">
        <div className="flex justify-end">
          <button
            type="button"
            onClick={onClose}
            className="grid size-11 place-items-center rounded-lg text-ink hover:bg-brand-soft"
          >
            <CloseIcon />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <nav aria-label="Main" className="flex flex-col gap-1">
          {sectionLinks.map((link) => (
            <a
              key={link.id}
              href={`#${link.id}`}
              onClick={(event) => {
                event.preventDefault();
                onClose();
                // After the menu has closed and the page behind it is no longer inert.
                window.setTimeout(() => goToSection(link.id));
              }}
              className="rounded-lg px-3 py-3 text-lg font-semibold text-ink hover:bg-brand-soft hover:text-brand"
            >
              {link.label}
            </a>
          ))}
        </nav>
        <div className="mt-4 flex flex-col gap-3 border-t border-line pt-6">
          <ContactButton className={buttonClasses('secondary', 'w-full')} onClick={onClose}>
            Contact Me
          </ContactButton>
          <a href={account.to} className={buttonClasses('primary', 'w-full')}>
            {account.label}
          </a>
        </div>
      </div>
    </dialog>
  );
}
