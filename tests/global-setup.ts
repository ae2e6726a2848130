import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, pgliteExtensions } from '../src/server/db/client';
import { makeStandardAccounts, type StandardAccounts } from './support/standard-accounts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string;
    /** What signing up the five standard accounts wrote, for createAccounts to copy (tests/factories.ts). */
    standardAccounts: StandardAccounts;
  }
}

export const withDatabase = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

/**
 * Migrates once, then every test file clones the result: a PGlite data-dir dump, or a
 * PostgreSQL template database when TEST_DATABASE_URL is set. Then signs the standard accounts
 * up once on a scratch copy of it (the template itself stays empty; see
 * tests/support/standard-accounts.ts).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `velvet_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const tpl = await openPostgres(withDatabase(url, name), 2);
    await tpl.migrate();
    await tpl.close();
    const scratch = `velvet_t_${process.pid}_accounts`;
    await admin.query(`CREATE DATABASE ${scratch} TEMPLATE ${name}`);
    const scratchDb = await openPostgres(withDatabase(url, scratch), 2);
    try {
      project.provide('standardAccounts', await makeStandardAccounts(scratchDb));
    } finally {
      await scratchDb.close();
      await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    }
    project.provide('pgTemplateDb', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      const leftovers = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'velvet_t_${process.pid}_%' OR datname = $1`,
        [name],
      );
      for (const { datname } of leftovers.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-tpl-'));
  const client = new PGlite({ extensions: pgliteExtensions });
  const db = await openPglite(client);
  await db.migrate();
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  try {
    project.provide('standardAccounts', await makeStandardAccounts(db));
  } finally {
    await db.close();
  }
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplateDb', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
