import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ButtonHTMLAttributes,
  type ReactNode,
} from 'react';
import { ContactDialog } from './contact-dialog';
import { loadContactForm } from './load-contact-form';

interface ContactPopup {
  openContact: () => void;
}

const ContactPopupContext = createContext<ContactPopup | null>(null);

/**
 * Holds the one contact popup of a page; anything inside can open it. `toaster` is
 * mounted from the first opening on, for pages whose entry has no toaster of its own (the landing page).
 */
export function ContactPopupProvider({
  children,
  toaster,
}: {
  children: ReactNode;
  toaster?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [openCount, setOpenCount] = useState(0);
  const openContact = useCallback(() => {
    setOpenCount((count) => count + 1);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ openContact }), [openContact]);
  return (
    <ContactPopupContext.Provider value={value}>
      {children}
      <ContactDialog open={open} openCount={openCount} onClose={close} />
      {openCount > 0 && toaster}
    </ContactPopupContext.Provider>
  );
}

export function useContactPopup(): ContactPopup {
  const popup = useContext(ContactPopupContext);
  if (!popup) throw new Error('useContactPopup is used outside ContactPopupProvider');
  return popup;
}

function preload() {
  void loadContactForm();
}

/** A button that opens the contact popup; it starts fetching the form as soon as it is pointed at. */
export function ContactButton({
  onClick,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>) {
  const { openContact } = useContactPopup();
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={(event) => {
        onClick?.(event);
        openContact();
      }}
      {...props}
    />
  );
}
