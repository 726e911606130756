/** Route modules loaded when their path is first visited, for public-routes.tsx and account-routes.tsx. */
import type { RouteObject } from 'react-router';
import { inTasks } from '../lib/next-task';

type PageModule = { default: React.ComponentType };

export function page(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/**
 * A page with forms: zod (26 KB gzip) and React Hook Form (16 KB) are evaluated in tasks of their
 * own before the page's module, which builds the form's schemas (decision 052). Together they made
 * the longest task of /signin's and /consultation's start-up.
 */
export function formPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return page(async () => {
    await inTasks([() => import('../lib/zod-library'), () => import('../lib/form-state-library')]);
    return load();
  });
}
