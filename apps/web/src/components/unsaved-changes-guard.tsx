/** Warns before unsaved edits are lost: leaving inside the app asks first; closing the tab too (the browser's own question). */
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { SITE_MESSAGES } from '@consult/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave without saving"
      busyLabel="Leaving..."
      busy={false}
      dismissLabel="Stay and keep editing"
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      {SITE_MESSAGES.unsaved}
    </ConfirmDialog>
  );
}
