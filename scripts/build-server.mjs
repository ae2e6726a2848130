// Bundles the server into dist/server/main.js (with most of its dependencies), then makes
// what a fresh start would otherwise make each time: the demo photos (dist/demo-photos, once:
// src/server/seed/demo-photos.ts) and a migrated empty database (dist/pglite-template/).
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

// The server and its JavaScript dependencies in one bundle: a start then reads and compiles a few
// files instead of resolving ~1,000 modules in node_modules (decision 33). Code loaded only when
// used (Stripe, S3, PostgreSQL, SMTP…) is split into chunks of its own, so a start does not
// load it. Kept in node_modules: packages that find files beside themselves at run time
// (PGlite's WebAssembly, sharp's native binding, pino's worker transports, swagger-ui-dist's
// assets) and the lazily loaded ones a bundle would not make faster.
const external = [
  '@electric-sql/pglite',
  'sharp',
  'stripe',
  '@aws-sdk/*',
  'nodemailer',
  'pg',
  'pino',
  'pino-pretty',
  'sanitize-html',
  'swagger-ui-dist',
];
rmSync('dist/server/chunks', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts' },
  outdir: 'dist/server',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external,
  // Bundled CommonJS dependencies call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
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
migrations.update('directory v1');
const stamp = 'dist/pglite-template.sha256';
const fingerprint = migrations.digest('hex');
if (
  !existsSync('dist/pglite-template/PG_VERSION') ||
  !existsSync(stamp) ||
  readFileSync(stamp, 'utf8') !== fingerprint
) {
  // The tar of earlier builds (decision 26) is replaced by the directory itself (decision 33).
  rmSync('dist/pglite-template.tar', { force: true });
  await runAtBuild('src/server/db/template.ts', ['dist/pglite-template']);
  writeFileSync(stamp, fingerprint);
}
