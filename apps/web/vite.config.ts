import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { sizeBudget, type Budget } from './build/size-budget.ts';

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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompress(), sizeBudget(LANDING_BUDGETS)],
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
              ],
            },
          },
        },
      },
  // `npm run dev` (scripts/dev.mjs) runs the API server beside Vite and names its address.
  server: { proxy: { '/api': process.env.DEV_API_URL ?? 'http://127.0.0.1:3000' } },
}));
