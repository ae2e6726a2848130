/**
 * src/server/db/schema.ts and the migrations in drizzle/ describe the same database (issue 28,
 * item 1). Two checks, each fails on its own kind of drift:
 *
 * - drizzle-kit, run on a scratch copy of drizzle/, finds nothing to generate: every change to
 *   schema.ts has its migration and its snapshot (drizzle/meta) — `npm run db:generate` on a
 *   clean checkout writes nothing.
 * - A database migrated from drizzle/*.sql (the test template, on PGlite or PostgreSQL) has the
 *   tables, columns (type, NOT NULL, generated or not), indexes, foreign keys, unique and check
 *   constraints of the latest snapshot: a hand-written migration that says something else than
 *   schema.ts fails here.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './support/env';

const ROOT = path.resolve(import.meta.dirname, '..');
const DRIZZLE = path.join(ROOT, 'drizzle');

interface SnapshotColumn {
  name: string;
  type: string;
  notNull: boolean;
  generated?: { as: string; type: string };
}
interface SnapshotTable {
  name: string;
  columns: Record<string, SnapshotColumn>;
  indexes: Record<string, { name: string; isUnique: boolean }>;
  foreignKeys: Record<string, { name: string }>;
  compositePrimaryKeys: Record<string, { name: string }>;
  uniqueConstraints: Record<string, { name: string }>;
  checkConstraints: Record<string, { name: string }>;
}
interface Snapshot {
  tables: Record<string, SnapshotTable>;
}

/** The snapshot of the journal's last migration: what schema.ts said when it was generated. */
async function latestSnapshot(): Promise<Snapshot> {
  const journal = JSON.parse(await readFile(path.join(DRIZZLE, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const snapshots = (await readdir(path.join(DRIZZLE, 'meta'))).filter((f) => f.endsWith('_snapshot.json'));
  const last = journal.entries.at(-1)!;
  const file = `${last.tag.slice(0, 4)}_snapshot.json`;
  expect(snapshots, 'the last migration has its snapshot (npx drizzle-kit generate writes it)').toContain(
    file,
  );
  return JSON.parse(await readFile(path.join(DRIZZLE, 'meta', file), 'utf8')) as Snapshot;
}

describe('drizzle-kit generate on the schema', () => {
  it('finds no change: every change to schema.ts has its migration', async () => {
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'velvet-drizzle-'));
    try {
      const out = path.join(scratch, 'drizzle');
      await cp(DRIZZLE, out, { recursive: true });
      const config = path.join(scratch, 'drizzle.config.ts');
      await writeFile(
        config,
        `export default ${JSON.stringify({
          dialect: 'postgresql',
          schema: './src/server/db/schema.ts',
          // drizzle-kit reads `out` relative to the working directory (it prefixes './').
          out: path.relative(ROOT, out),
        })};\n`,
      );
      const before = (await readdir(out)).sort();
      const { stdout, stderr } = await promisify(execFile)(
        path.join(ROOT, 'node_modules/.bin/drizzle-kit'),
        ['generate', '--config', config],
        { cwd: ROOT },
      );
      const written = (await readdir(out)).sort().filter((f) => !before.includes(f));
      expect(
        written,
        `schema.ts changed without a migration: run npx drizzle-kit generate\n${stdout}${stderr}`,
      ).toEqual([]);
      expect(stdout + stderr).toContain('No schema changes');
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a database migrated from drizzle/ is the latest snapshot', () => {
  let env: TestEnv;
  let snapshot: Snapshot;
  const rows = async <T>(query: SQL) => ((await env.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    env = await createTestEnv();
    snapshot = await latestSnapshot();
  });
  afterAll(async () => {
    await env?.close();
  });

  /** table → its snapshot's named things of one kind, sorted. */
  const expected = (pick: (t: SnapshotTable) => string[]) =>
    Object.fromEntries(Object.values(snapshot.tables).map((t) => [t.name, pick(t).sort()]));
  /** table → the database's names of one kind, for the snapshot's tables. */
  async function actual(query: SQL): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = Object.fromEntries(
      Object.values(snapshot.tables).map((t) => [t.name, [] as string[]]),
    );
    for (const r of await rows<{ table: string; name: string }>(query)) out[r.table]?.push(r.name);
    for (const names of Object.values(out)) names.sort();
    return out;
  }

  it('has the same tables', async () => {
    const tables = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'
            and table_name not like '\_\_drizzle%'`,
    );
    expect(tables.map((t) => t.name).sort()).toEqual(
      Object.values(snapshot.tables)
        .map((t) => t.name)
        .sort(),
    );
  });

  it('has the same columns: type, NOT NULL, generated', async () => {
    const columns = await rows<{
      table: string;
      name: string;
      type: string;
      not_null: boolean;
      generated: string;
    }>(
      sql`select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
                 a.attnotnull as not_null, a.attgenerated as generated
          from pg_attribute a join pg_class c on c.oid = a.attrelid
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`,
    );
    const describe = (type: string, notNull: boolean, generated: boolean) =>
      `${type}${notNull ? ' not null' : ''}${generated ? ' generated' : ''}`;
    const inDatabase = Object.fromEntries(
      columns.map((c) => [
        `${c.table}.${c.name}`,
        describe(c.type.replace(/,(\S)/g, ', $1'), c.not_null, c.generated === 's'),
      ]),
    );
    const inSnapshot = Object.fromEntries(
      Object.values(snapshot.tables).flatMap((t) =>
        Object.values(t.columns).map((c) => [
          `${t.name}.${c.name}`,
          describe(c.type, c.notNull, c.generated !== undefined),
        ]),
      ),
    );
    expect(inDatabase).toEqual(inSnapshot);
  });

  it('has the same indexes', async () => {
    const indexes = await actual(
      sql`select i.tablename as table, i.indexname as name from pg_indexes i
          where i.schemaname = 'public'
            and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`,
    );
    expect(indexes).toEqual(expected((t) => Object.values(t.indexes).map((i) => i.name)));
  });

  it('has the same foreign keys, unique and check constraints', async () => {
    const constraints = async (type: string) =>
      actual(
        sql`select c.relname as table, k.conname as name from pg_constraint k
            join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and k.contype = ${type}`,
      );
    expect(await constraints('f')).toEqual(expected((t) => Object.values(t.foreignKeys).map((k) => k.name)));
    expect(await constraints('u')).toEqual(
      expected((t) => Object.values(t.uniqueConstraints).map((k) => k.name)),
    );
    expect(await constraints('c')).toEqual(
      expected((t) => Object.values(t.checkConstraints).map((k) => k.name)),
    );
  });
});
