// `npm run build` runs this (bundled by scripts/build-server.mjs): a new PGlite database with
// every migration applied, dumped to dist/pglite-template.tar. openDatabase starts a new data
// directory from it (decision 26), which skips initialising a cluster: most of a fresh start.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, pgliteExtensions } from './client';

const out = path.resolve(process.argv[2] ?? 'dist/pglite-template.tar');
const started = performance.now();
const dir = mkdtempSync(path.join(tmpdir(), 'velvet-template-'));
try {
  const client = new PGlite(dir, { extensions: pgliteExtensions });
  const database = await openPglite(client);
  await database.migrate();
  // A checkpoint first, so the dump holds the migrated tables, not just their WAL.
  await client.exec('CHECKPOINT');
  const dump = await client.dumpDataDir('none');
  writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  console.log(
    `Database template ${path.relative(process.cwd(), out)}: ${(dump.size / 1e6).toFixed(1)} MB (${Math.round(performance.now() - started)} ms).`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
