/**
 * The memory of the venue index (decision 0031): the heap after GC before and after loading it,
 * at BENCH_INDEX_SIZES active venues (default 10,000 and 100,000) generated in PGlite, and how
 * long a full load takes; and the CPU time of the process (app + PGlite) per list answer, from
 * the index and by SQL, over the same 2,000 filter mixes (load-independent, unlike wall time).
 *
 *   npm run bench index-memory      (BENCH_INDEX_SIZES=10000,100000)
 */
import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite } from '@electric-sql/pglite';
import { venueListQuerySchema } from '@/domain/schemas';
import { openPglite, pgliteExtensions } from '../src/server/db/client';
import { authUsers, profiles } from '../src/server/db/schema';
import { createLogger } from '../src/server/logger';
import type { AppContext } from '../src/server/context';
import { listVenues } from '../src/server/services/venues/search';
import { VenueIndex } from '../src/server/services/venues/venue-index';
import { generateVenues } from './lib/generate-venues';
import { filterMixes } from './venues';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const SIZES = (process.env.BENCH_INDEX_SIZES ?? '10000,100000').split(',').map(Number);

const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

for (const size of SIZES) {
  const database = await openPglite(new PGlite({ extensions: pgliteExtensions }));
  try {
    await database.migrate();
    const userId = randomUUID();
    await database.db
      .insert(authUsers)
      .values({ id: userId, name: 'Bench Host', email: 'bench-host@velvet.test', emailVerified: true });
    const [host] = await database.db
      .insert(profiles)
      .values({ user_id: userId, email: 'bench-host@velvet.test', full_name: 'Bench Host', role: 'host' })
      .returning();
    await generateVenues(database.db, { hostId: host!.id, active: size, pending: 0 });
    const index = new VenueIndex(database.db, createLogger('silent'));
    const before = heapAfterGc();
    const started = performance.now();
    index.answer(venueListQuerySchema.parse({}));
    await index.settled();
    const ms = performance.now() - started;
    const after = heapAfterGc();
    const o = index.overrides;
    let overrides = 0;
    for (const day of o.values()) overrides += day.size;
    const mixes = filterMixes(2_000, 29).map((q) => venueListQuerySchema.parse(q));
    const cpu = async (answer: (q: (typeof mixes)[number]) => unknown) => {
      const c = process.cpuUsage();
      for (const q of mixes) await answer(q);
      const used = process.cpuUsage(c);
      return (used.user + used.system) / 1000 / mixes.length;
    };
    const fromIndex = await cpu((q) => index.answer(q));
    const ctx = { db: database.db } as AppContext;
    const bySql = await cpu(async (q) => JSON.stringify(await listVenues(ctx, q)));
    console.log(
      `  CPU per list answer (2,000 distinct mixes): index ${fromIndex.toFixed(3)} ms, SQL ${bySql.toFixed(3)} ms (${(bySql / fromIndex).toFixed(0)}× less with the index)`,
    );
    console.log(
      `${size.toLocaleString('en-US')} active venues (${overrides.toLocaleString('en-US')} overrides loaded): index ${mb(after - before)} MB of heap after GC (${((after - before) / size).toFixed(0)} B a venue), full load ${ms.toFixed(0)} ms`,
    );
  } finally {
    await database.close();
  }
}
