import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

export default defineConfig(({ command, isSsrBuild }) => ({
  // React with Fast Refresh in `npm run dev` (an edited component is swapped in, its state kept).
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  // The server renderer (vite build --ssr) bundles its libraries, React included: a start loads
  // one file instead of resolving them in node_modules (decision 33).
  ssr: { noExternal: true as const },
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
      // The browser's entries (the server renderer's build, --ssr, has its own). A common chunk
      // of a few kB (an icon, a helper two pages share) goes into each chunk that imports it: over
      // HTTP/1.1 a browser fetches six scripts at a time, and each costs a request, more than its
      // bytes (decision 46).
      ...(command !== 'build' || isSsrBuild
        ? {}
        : { input, output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 12_000 } } } }),
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
}));
