import { defineConfig } from 'vite';
import { bundleBudget } from './vite-plugins/bundle-budget.ts';
import { precompileMessages } from './vite-plugins/precompile-messages.ts';

/**
 * The portal is served by the API server under /client (docs/product.md#constants), so every asset URL carries that
 * base. In development the API runs on :8080 and Vite proxies /api to it.
 */
export default defineConfig({
  base: '/client/',
  plugins: [precompileMessages(), bundleBudget()],
  resolve: {
    // Messages arrive precompiled (see the plugin), so the runtime ICU parser is not needed.
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js',
      },
    ],
  },
  // Vite 8 compiles TSX with oxc; no React plugin is needed for a production build.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest tells which chunks each route loads (see README "Bundle budget").
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      onLog(level, log, handler) {
        // antd, react-router and TanStack mark modules "use client" for React Server Components;
        // in a client-only bundle the directive means nothing, so the hundreds of warnings are noise.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  preview: { port: 4173 },
});
