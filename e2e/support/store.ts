/**
 * Reaches the page's Redux store from a test without any test-only code in the app: before the page
 * loads we install a minimal React DevTools hook, React reports its fiber roots to it, and the store
 * is the `store` prop of react-redux's <Provider>. Tests use it to replace the in-memory access token
 * with a forged one, which the server answers with 403 exactly like an expired token; waiting 15
 * minutes for a real expiry is not practical.
 */
import type { Page } from '@playwright/test';

export async function installStoreProbe(page: Page) {
  await page.addInitScript(() => {
    const roots = new Set<unknown>();
    Object.defineProperty(window, '__e2eFiberRoots', { value: roots });
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      value: {
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        onCommitFiberRoot: (_id: number, root: unknown) => roots.add(root),
        onCommitFiberUnmount: () => {},
        onPostCommitFiberRoot: () => {},
        checkDCE: () => {},
      },
    });
  });
}

type StoreAction = 'read' | 'forge';

/**
 * Runs in the page (one function, since the page's CSP rules out eval): finds the store through the
 * fiber tree, then reads the token or replaces it with a forged one.
 */
function inPage(action: StoreAction): string {
  interface FiberNode {
    memoizedProps?: { store?: unknown } | null;
    child?: FiberNode | null;
    sibling?: FiberNode | null;
  }
  interface PageStore {
    getState: () => { auth: { token: string } };
    dispatch: (action: { type: string; payload?: unknown }) => unknown;
  }
  const roots = (window as unknown as { __e2eFiberRoots: Set<{ current: FiberNode }> })
    .__e2eFiberRoots;
  let store: PageStore | null = null;
  for (const root of roots) {
    const stack: (FiberNode | null | undefined)[] = [root.current];
    while (stack.length && !store) {
      const fiber = stack.pop();
      if (!fiber) continue;
      const candidate = fiber.memoizedProps?.store as Partial<PageStore> | undefined;
      if (typeof candidate?.getState === 'function' && typeof candidate.dispatch === 'function') {
        store = candidate as PageStore;
      }
      stack.push(fiber.child, fiber.sibling);
    }
    if (store) break;
  }
  if (!store)
    throw new Error('No Redux store found; call installStoreProbe before the page loads.');
  const token = store.getState().auth.token;
  if (action === 'read') return token;
  const [header, payload] = token.split('.');
  const forged = `${header}.${payload}.${'A'.repeat(43)}`;
  store.dispatch({ type: 'auth/setCredentials', payload: { accessToken: forged } });
  return forged;
}

/** The access token the page holds now. */
export function currentAccessToken(page: Page): Promise<string> {
  return page.evaluate(inPage, 'read' as StoreAction);
}

/**
 * Replaces the page's access token with the same claims under a broken signature: the server must
 * refuse it with 403 'Your login has expired.', as it does for an expired one.
 */
export function forgeAccessToken(page: Page): Promise<string> {
  return page.evaluate(inPage, 'forge' as StoreAction);
}
