/**
 * The bar at the foot of a long settings form, kept in view: the server's error, save, discard,
 * and whether there are unsaved changes.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { errorMessage } from '../../lib/problem';
import { Alert } from './alert';
import { Button } from './button';

export function SaveBar({
  saveLabel,
  saving,
  dirty,
  error,
  onDiscard,
}: {
  saveLabel: string;
  saving: boolean;
  dirty: boolean;
  error: FetchBaseQueryError | SerializedError | undefined;
  onDiscard: () => void;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-line bg-paper/95 px-4 py-3 sm:mx-0 sm:rounded-2xl sm:border sm:px-5">
      {error && <Alert tone="error">{errorMessage(error)}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : saveLabel}
        </Button>
        <Button variant="secondary" disabled={!dirty || saving} onClick={onDiscard}>
          Discard changes
        </Button>
        <span className="text-sm text-muted" aria-live="polite">
          {dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
      </div>
    </div>
  );
}
