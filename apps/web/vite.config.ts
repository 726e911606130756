import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { sizeBudget, type Budget } from './build/size-budget.ts';
import { stylesheetIndex } from './build/stylesheet-index.ts';

/**
 * What / may load (decision 048): before the visitor acts, its entry alone (the page is complete
 * without it); once they act, React and the page's code as well. React DOM alone is 66 KB.
 */
const LANDING_BUDGETS: Budget[] = [
  {
    name: '/ before the visitor acts (src/landing-main.tsx)',
    chunks: ['src/landing-main.tsx'],
    maxKb: 70,
  },
  {
    name: '/ hydrated (src/landing-main.tsx with src/app/landing-hydrate.tsx)',
    chunks: ['src/landing-main.tsx', 'src/app/landing-hydrate.tsx'],
    maxKb: 85,
  },
];

/**
 * The app's start-up on the pages it hydrates (decision 052), step by step: each step is evaluated
 * in a task of its own, and a step that grows makes a long task again (about 50 ms under a phone's
 * CPU for every 25 KB gzip). `after` is what earlier steps evaluated. React DOM (66 KB) is a step
 * of its own that cannot shrink; the totals keep the pages' whole start-up from growing.
 */
const LIBRARY_STEPS = ['index.html', 'react', 'src/app/hydration.ts', 'auth-slice', 'store'];
const APP_START = [...LIBRARY_STEPS, 'src/app/start.tsx'];
const FORM_LIBRARIES = ['src/lib/zod-library.ts', 'src/lib/form-state-library.ts'];
const SITE_ROUTE = 'src/app/routes/public-site.tsx';
const START_BUDGETS: Budget[] = [
  {
    name: 'the app entry (index.html)',
    chunks: ['index.html'],
    // 3 until a pointer move that did not move stopped counting as the visitor acting (decision
    // 048's amendment of 2026-11-28): 3,055 bytes gzip, 17 under the budget, became 3,077.
    maxKb: 3.1,
  },
  {
    name: 'the router step (src/app/hydration.ts)',
    chunks: ['src/app/hydration.ts'],
    after: ['index.html', 'react'],
    maxKb: 33,
  },
  {
    name: 'the Redux step (the auth-slice chunk)',
    chunks: ['auth-slice'],
    after: ['index.html', 'react', 'src/app/hydration.ts'],
    maxKb: 14,
  },
  {
    name: 'the API step (the store chunk)',
    chunks: ['store'],
    after: ['index.html', 'react', 'src/app/hydration.ts', 'auth-slice'],
    maxKb: 31,
  },
  {
    name: "the app's own start (src/app/start.tsx)",
    chunks: ['src/app/start.tsx'],
    after: LIBRARY_STEPS,
    maxKb: 9,
  },
  {
    name: 'zod (src/lib/zod-library.ts)',
    chunks: ['src/lib/zod-library.ts'],
    after: APP_START,
    maxKb: 28,
  },
  {
    name: 'React Hook Form (src/lib/form-state-library.ts)',
    chunks: ['src/lib/form-state-library.ts'],
    after: [...APP_START, 'src/lib/zod-library.ts'],
    maxKb: 18,
  },
  {
    name: "/signin's page (src/app/routes/signin.tsx)",
    chunks: ['src/app/routes/signin.tsx'],
    after: [...APP_START, ...FORM_LIBRARIES],
    maxKb: 14,
  },
  {
    name: "the public site's layout (src/app/routes/public-site.tsx)",
    chunks: [SITE_ROUTE],
    after: APP_START,
    maxKb: 5,
  },
  {
    name: "/consultation's page (src/app/routes/consultation.tsx)",
    chunks: ['src/app/routes/consultation.tsx'],
    after: [...APP_START, ...FORM_LIBRARIES, SITE_ROUTE],
    // 29 until the repeat option's closed card joined the page (0.3 KB, decision 066): a card
    // arriving later moved "Confirm booking" from under the pointer.
    maxKb: 29.5,
  },
  {
    name: "/terms-and-conditions' page (src/app/routes/terms.tsx)",
    chunks: ['src/app/routes/terms.tsx'],
    after: [...APP_START, SITE_ROUTE],
    maxKb: 18,
  },
  {
    name: '/signin in all',
    chunks: [...APP_START, ...FORM_LIBRARIES, 'src/app/routes/signin.tsx'],
    maxKb: 210,
  },
  {
    name: '/consultation in all',
    chunks: [...APP_START, ...FORM_LIBRARIES, SITE_ROUTE, 'src/app/routes/consultation.tsx'],
    maxKb: 230,
  },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    precompress(),
    stylesheetIndex(),
    sizeBudget([...LANDING_BUDGETS, ...START_BUDGETS]),
  ],
  build: isSsrBuild
    ? // `vite build --ssr src/entry-server.tsx --outDir dist/server`: the server-rendering bundle.
      // The landing page loads the toaster lazily and the app statically; one server bundle holds
      // both, so the lazy import cannot split anything there, as intended: no warning about it.
      {
        outDir: 'dist/server',
        emptyOutDir: true,
        sourcemap: false,
        rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
      }
    : // The manifest lets the server preload the route modules a rendered page hydrates with, and
      // find the landing page's own entry, which the server sends for / instead of the app's
      // (docs/decisions/016-landing-entry.md).
      {
        outDir: 'dist/client',
        emptyOutDir: true,
        sourcemap: false,
        manifest: true,
        rolldownOptions: {
          input: { index: 'index.html', landing: 'src/landing-main.tsx' },
          // React in a chunk of its own that both entries share, cached across the whole site.
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                // zod alone, so a page with a form can evaluate it in a task of its own (decision 052).
                { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
              ],
            },
          },
        },
      },
  // `npm run dev` (scripts/dev.mjs) runs the API server beside Vite and names its address.
  server: { proxy: { '/api': process.env.DEV_API_URL ?? 'http://127.0.0.1:3000' } },
}));
