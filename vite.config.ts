import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/**
 * The chunks of the public pages' first loads (decision 46). Left to itself the bundler makes a
 * chunk for every set of pages — the 20 lazily loaded ones included — that shares a module, so a
 * public page's first load was 24–70 files, most of a few hundred bytes (one per icon), fetched six
 * at a time over HTTP/1.1. `npm run build` therefore builds twice: `vite build --mode plan` lets
 * the bundler chunk as it likes (tree-shaken: a module a barrel re-exports counts only where it is
 * used) and writes, for every module an entry loads up front, the names of the entries that do
 * (`firstLoadPlan`); the real build then puts each such module in the chunk of its set of entries
 * — the app all share, the home page's own, the cards of the home and venue pages… Modules that
 * only the lazily loaded pages use are left to the bundler; a lazily loaded page may load a few
 * modules it does not use, a public page loads only its own. `vite build` alone uses the plan the
 * last `npm run build` left, or none: a stale plan or none only chunks less well, never wrongly.
 */
const planFile = fileURLToPath(new URL('./dist/first-load-plan.json', import.meta.url));
const entryNames = Object.keys(input);

function firstLoadPlan(): Plugin {
  return {
    name: 'velvet-first-load-plan',
    apply: (_, env) => env.command === 'build' && env.mode === 'plan' && !env.isSsrBuild,
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const plan: Record<string, { entries: string[]; size: number }> = {};
      for (const entry of chunks.filter((c) => c.isEntry && entryNames.includes(c.name))) {
        const seen = new Set<string>();
        const stack = [...entry.imports];
        while (stack.length) {
          const file = stack.pop()!;
          const chunk = byFile.get(file);
          if (!chunk || seen.has(file)) continue;
          seen.add(file);
          stack.push(...chunk.imports);
          if (chunk.isEntry) continue;
          for (const id of chunk.moduleIds) {
            plan[id] ??= { entries: [], size: chunk.modules[id]?.renderedLength ?? 0 };
            plan[id].entries.push(entry.name);
          }
        }
      }
      for (const { entries } of Object.values(plan)) entries.sort();
      mkdirSync(fileURLToPath(new URL('./dist', import.meta.url)), { recursive: true });
      writeFileSync(planFile, JSON.stringify(plan));
    },
  };
}

/**
 * A set of pages whose modules add up to less than this (bytes of code before minifying) has no
 * chunk of its own: its modules go to the app's chunk, which every page loads anyway — a request
 * for a few hundred bytes costs a visitor more than the bytes.
 */
const SMALLEST_SHARED_CHUNK = 8_000;

/** One group per set of entries, larger sets first: a module's imports are in sets as large. */
function firstLoadGroups(mode: string) {
  if (mode === 'plan' || !existsSync(planFile)) return undefined;
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as Record<
    string,
    { entries: string[]; size: number }
  >;
  const all = [...entryNames].sort().join('+');
  const sizes = new Map<string, number>();
  for (const { entries, size } of Object.values(plan)) {
    const key = entries.join('+');
    sizes.set(key, (sizes.get(key) ?? 0) + size);
  }
  const groupOf = (entries: string[]) => {
    const key = entries.join('+');
    return entries.length > 1 && (sizes.get(key) ?? 0) < SMALLEST_SHARED_CHUNK ? all : key;
  };
  const sets = [...new Set(Object.values(plan).map(({ entries }) => groupOf(entries)))].sort(
    (a, b) => b.split('+').length - a.split('+').length || a.localeCompare(b),
  );
  return sets.map((key, i) => {
    const names = key.split('+');
    const name =
      key === all ? 'app' : names.map((n) => n.replace(/^boot-/, '').replace(/Page$/, '')).join('-');
    return {
      name: name.toLowerCase(),
      priority: sets.length - i,
      test: (id: string) => (plan[id] ? groupOf(plan[id].entries) === key : false),
    };
  });
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  // Fast refresh is React's own (it patches react-dom): off, HMR reloads the page instead.
  plugins: [react({ refreshExclude: /./ }), tailwindcss(), firstLoadPlan()],
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
      // The browser's entries and first-load chunks; the server renderer's build (--ssr) has its own.
      ...(command !== 'build' || isSsrBuild
        ? {}
        : { input, output: { codeSplitting: { groups: firstLoadGroups(mode) } } }),
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
