import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres, pgliteExtensions } from '../src/server/db/client';
import { authUsers, profiles } from '../src/server/db/schema';
import { generateVenues } from './generate-venues';

const engine = process.argv[2] ?? 'postgres';
const N = Number(process.argv[3] ?? 100000);
let database;
if (engine === 'postgres') {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS search_exp WITH (FORCE)');
  await admin.query('CREATE DATABASE search_exp');
  await admin.end();
  database = await openPostgres('postgres://postgres@127.0.0.1:5432/search_exp', 5, { connectMs: 5000, queryMs: 300000 });
} else {
  database = await openPglite(new PGlite('/tmp/search/pglite-exp', { extensions: pgliteExtensions }));
}
await database.migrate();
const db = database.db;
const userId = randomUUID();
await db.insert(authUsers).values({ id: userId, name: 'H', email: 'h@x.test', emailVerified: true });
const [host] = await db.insert(profiles).values({ user_id: userId, email: 'h@x.test', full_name: 'H', role: 'host' }).returning();
let t = performance.now();
await generateVenues(db, { hostId: host!.id, active: N, pending: N / 20 });
console.log('generate', performance.now() - t);
t = performance.now();
await db.execute('vacuum analyze');
console.log('vacuum', performance.now() - t);
console.log(((await db.execute('select count(*), sum(case when is_active then 1 else 0 end), min(base_price), max(base_price), avg(capacity) from venues')) as any).rows);
console.log(((await db.execute('select * from venue_counts')) as any).rows);
console.log(((await db.execute('select count(*), sum(case when is_available then 1 else 0 end) from venue_availability')) as any).rows);
console.log(((await db.execute('select city, address, open_days, hours from venues limit 2')) as any).rows);
await database.close();
