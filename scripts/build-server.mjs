// Bundles the server into dist/server/main.js (dependencies stay in node_modules).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) },
  logLevel: 'warning',
});
