/**
 * Vite config of the web app: React, Tailwind v4, and a client build whose public pages never
 * reference the dashboard chunk. `vite build --ssr src/entry-server.tsx` reuses it for the
 * server bundle the prerender script (and the gateway) import.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    // The prerender script reads it to preload each page's chunk.
    manifest: true,
    assetsInlineLimit: 0,
    // Only ES2022-capable browsers; keeps the bundle free of legacy transforms.
    target: 'es2022',
    modulePreload: { polyfill: false },
  },
  ssr: {
    // Bundle workspace TS source and ESM-only packages into the server entry.
    noExternal: ['@lp/contracts'],
  },
});
