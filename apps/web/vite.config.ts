import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? // `vite build --ssr src/entry-server.tsx --outDir dist/server`: the server-rendering bundle.
      { outDir: 'dist/server', emptyOutDir: true, sourcemap: false }
    : // The manifest lets the server preload the route modules a rendered page hydrates with.
      { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, manifest: true },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
}));
