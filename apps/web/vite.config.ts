import { defineConfig } from 'vite';

/**
 * The portal is served by the API server under /client (spec §9), so every asset URL carries that
 * base. In development the API runs on :8080 and Vite proxies /api to it.
 */
export default defineConfig({
  base: '/client/',
  // Vite 8 compiles TSX with oxc; no React plugin is needed for a production build.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets size checks (and the README's numbers) tell which chunks each route loads.
    manifest: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  preview: { port: 4173 },
});
