import { LOADING_TEXT } from '@consult/shared';

/** The fallback while a lazily loaded area or the session check is on its way. */
export function LoadingScreen() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-muted"
    >
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-soft border-t-brand motion-reduce:animate-none"
      />
      <p className="text-base">{LOADING_TEXT}</p>
    </div>
  );
}
