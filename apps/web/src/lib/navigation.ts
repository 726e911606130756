/**
 * Lets code outside React (the API layer) move the browser to another route. The router registers
 * itself when it is created; before that (or in tests without a router) a full page load is used.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type Navigator = (to: string, options?: NavigateOptions) => Promise<void> | void;

let navigator: Navigator | null = null;

export function registerNavigator(next: Navigator) {
  navigator = next;
}

export async function navigateTo(to: string, options?: NavigateOptions) {
  if (navigator) {
    await navigator(to, options);
    return;
  }
  window.location.assign(to);
}
