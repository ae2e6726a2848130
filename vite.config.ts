import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The browser runs the React code on Preact's compat layer (decision 35): every import of React
 * resolves to preact/compat, in the web build, the server renderer's build and the component
 * tests (vitest.config.ts uses the same list), so what is tested is what ships.
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-runtime' },
];

/**
 * The entries: index.html (main.tsx) for the pages the browser renders, and one per
 * server-rendered page (src/web/boot/<Page>.tsx, decision 45) that imports the app and the page
 * together; the server names a rendered page's entry from Vite's manifest (src/server/ssr.ts).
 */
const bootDir = fileURLToPath(new URL('./src/web/boot', import.meta.url));
const input = {
  index: fileURLToPath(new URL('./index.html', import.meta.url)),
  ...Object.fromEntries(
    readdirSync(bootDir)
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => [`boot-${file.replace(/\.tsx$/, '')}`, `${bootDir}/${file}`]),
  ),
};

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

export default defineConfig({
  // Fast refresh is React's own (it patches react-dom): off, HMR reloads the page instead.
  plugins: [react({ refreshExclude: /./ }), tailwindcss()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...preactAliases],
    dedupe: ['preact'],
  },
  // The server renderer (vite build --ssr) bundles the libraries too, so their imports of React
  // resolve to Preact like the browser's; left external, Node would load React itself.
  ssr: { noExternal: true },
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
      input,
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
