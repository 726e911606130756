import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessage } from '../lib/problem';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

/** The error state of a screen whose data did not load, with a way to try again. */
export function LoadError({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: FetchBaseQueryError | SerializedError | undefined;
  onRetry: () => void;
}) {
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert tone="error" title={`Could not load ${what}`}>
        {errorMessage(error)}
      </Alert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** Grey blocks in the shape of the content while it loads. */
export function Skeleton({ lines = 3, label }: { lines?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: lines }, (_, i) => (
        <div
          key={i}
          className="h-5 animate-pulse rounded bg-line/70 motion-reduce:animate-none"
          style={{ width: `${90 - i * 15}%` }}
        />
      ))}
    </div>
  );
}
