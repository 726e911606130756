import { lazy, Suspense, useId } from 'react';
import { CONTACT_TEXTS } from '@consult/shared';
import { LoadingScreen } from '../../../components/loading-screen';
import { useModalDialog } from '../../../hooks/use-modal-dialog';
import { loadContactForm } from './load-contact-form';

const ContactForm = lazy(loadContactForm);

/** The contact popup: closes on the backdrop, the close button and Escape. */
export function ContactDialog({
  open,
  openCount,
  onClose,
}: {
  open: boolean;
  openCount: number;
  onClose: () => void;
}) {
  const headingId = useId();
  const dialog = useModalDialog(open, onClose);
  return (
    <dialog
      {...dialog}
      aria-labelledby={headingId}
      aria-modal="true"
      className="m-auto w-[min(calc(100%-2rem),34rem)] max-h-[calc(100dvh-2rem)] overflow-y-auto overscroll-contain rounded-2xl bg-surface p-0 text-ink shadow-2xl backdrop:bg-ink/60"
    >
      <div className="p-6 sm:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <div>
            <h2 id={headingId} className="font-display text-2xl font-semibold text-brand">
              {CONTACT_TEXTS.heading}
            </h2>
            <p className="mt-1 text-sm text-muted">I usually answer within one working day.</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-mt-1 -mr-2 grid size-11 shrink-0 place-items-center rounded-lg text-2xl leading-none text-muted hover:bg-brand-soft hover:text-ink"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {/* Mounted from the first opening on, so a half-written message survives closing. */}
        {openCount > 0 && (
          <Suspense fallback={<LoadingScreen />}>
            <ContactForm openCount={openCount} onSent={onClose} />
          </Suspense>
        )}
      </div>
    </dialog>
  );
}
