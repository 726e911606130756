/**
 * zod alone, for lazy-page.ts to evaluate it in a task of its own before a page with a form
 * (decision 052). A named import keeps zod tree-shaken, as `import('zod')`
 * would not: the whole namespace, every locale with it, would then be kept.
 */
export { ZodType } from 'zod';
