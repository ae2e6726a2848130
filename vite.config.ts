import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    // No source maps in the production build: the served scripts carry no sourceMappingURL.
    sourcemap: false,
    // .vite/manifest.json: the server preloads a rendered page's scripts from it (src/server/ssr.ts).
    manifest: true,
    rolldownOptions: {
      // The app's own modules have no side effects on import (styles aside), so a module that a
      // barrel (features/x/index.ts) re-exports lands only in the chunks of the pages that use it,
      // not in the entry: zod, react-hook-form and the dialogs stay off the home page.
      treeshake: {
        moduleSideEffects: [
          { test: /\/src\/web\/main\.tsx$/, sideEffects: true },
          { test: /\/src\/web\/lib\/zodConfig\.ts$/, sideEffects: true },
          { test: /\/src\/.*\.tsx?$/, sideEffects: false },
        ],
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
