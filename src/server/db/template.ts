// `npm run build` runs this (bundled by scripts/build-server.mjs): a new PGlite database with
// every migration applied, closed cleanly, in dist/pglite-template/. openDatabase copies it into
// a new data directory (decisions 26 and 33), which skips initialising a cluster and running the
// migrations: most of a fresh start. A plain directory, not a dump: copying files costs the
// kernel a few milliseconds, where PGlite's loadDataDir unpacks a tar through its own file
// system (~0.8 s of CPU).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, pgliteExtensions } from './client';

const out = path.resolve(process.argv[2] ?? 'dist/pglite-template');
const started = performance.now();
const dir = mkdtempSync(path.join(tmpdir(), 'velvet-template-'));
try {
  const client = new PGlite(dir, { extensions: pgliteExtensions });
  const database = await openPglite(client);
  await database.migrate();
  await client.exec('CHECKPOINT');
  await database.close();
  rmSync(out, { recursive: true, force: true });
  cpSync(dir, out, { recursive: true });
  console.log(
    `Database template ${path.relative(process.cwd(), out)} (${Math.round(performance.now() - started)} ms).`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
