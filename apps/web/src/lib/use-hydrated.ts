import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the server renders and while the browser hydrates that markup, true from then on (and
 * at once on a screen the browser renders itself). For what only the browser knows, such as the
 * history entry's state, which would otherwise make the first render differ from the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
