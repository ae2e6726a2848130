// Bundles the server into dist/server/main.js (dependencies stay in node_modules), then makes
// what a fresh start would otherwise make each time: the demo photos (dist/demo-photos, once:
// src/server/seed/demo-photos.ts) and a migrated empty database (dist/pglite-template.tar).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) },
  logLevel: 'warning',
};

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  // For the server's own stack traces (npm start runs node --enable-source-maps); never served.
  sourcemap: true,
  alias: common.alias,
  logLevel: 'warning',
});

/** Bundles one build-time script of src/server, runs it with `args`, and removes the bundle. */
async function runAtBuild(entry, args) {
  const outfile = `dist/server/.build-${entry.replace(/\W+/g, '-')}.js`;
  await build({ ...common, entryPoints: [entry], outfile });
  const r = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit' });
  rmSync(outfile, { force: true });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await runAtBuild('src/server/seed/build-demo-photos.ts', ['dist/demo-photos']);
// The migrated empty database a new PGlite data directory starts from (src/server/db/template.ts),
// made again only when the migrations or PGlite change.
const migrations = createHash('sha256');
for (const f of readdirSync('drizzle', { recursive: true }).map(String).sort()) {
  if (f.endsWith('.sql') || f.endsWith('_journal.json'))
    migrations.update(f).update(readFileSync(`drizzle/${f}`));
}
migrations.update(JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version);
const stamp = 'dist/pglite-template.sha256';
const fingerprint = migrations.digest('hex');
if (
  !existsSync('dist/pglite-template.tar') ||
  !existsSync(stamp) ||
  readFileSync(stamp, 'utf8') !== fingerprint
) {
  await runAtBuild('src/server/db/template.ts', ['dist/pglite-template.tar']);
  writeFileSync(stamp, fingerprint);
}
