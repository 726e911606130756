/**
 * Warns before unsaved edits are lost: leaving inside the app (another page, or another tab of the
 * same page, which is another `?tab=`) asks first; closing the browser tab too (the browser's own
 * question).
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ui/confirm-dialog';

export function UnsavedChangesGuard({ dirty, message }: { dirty: boolean; message: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
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
      {message}
    </ConfirmDialog>
  );
}
