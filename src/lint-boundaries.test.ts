/**
 * The import boundaries are enforced: temporary files that cross one make ESLint (the project's
 * own eslint.config.js, as `npm run lint` runs it) fail with the boundary rule, and a file that
 * keeps to the rules passes. The files are written under src/, linted, and removed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const written: string[] = [];

async function lint(relativePath: string, source: string) {
  const file = path.join(root, relativePath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, source);
  written.push(file);
  const [result] = await eslint.lintFiles([file]);
  return result!.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

const tag = `${process.pid}-${Date.now()}`;

afterAll(() => {
  for (const file of written) rmSync(file, { force: true });
});

describe('import boundaries', { timeout: 60_000 }, () => {
  it('refuses a domain file importing the server, the web or a Node module', async () => {
    const messages = await lint(
      `src/domain/__boundary-${tag}.ts`,
      [
        "import type { AppContext } from '@/server/context';",
        "import type { Viewer } from '../server/viewer';",
        "import { api } from '@/web/lib/api';",
        "import { createHash } from 'node:crypto';",
        'export const refs = [api, createHash] as unknown as [AppContext, Viewer];',
        '',
      ].join('\n'),
    );
    const restricted = messages.filter((m) => m.rule === 'no-restricted-imports');
    expect(restricted.map((m) => [m.rule, m.line])).toEqual([
      ['no-restricted-imports', 1],
      ['no-restricted-imports', 2],
      ['no-restricted-imports', 3],
      ['no-restricted-imports', 4],
    ]);
    // The layer zones say it too, for every import that reaches the server or the web.
    expect(messages.filter((m) => m.rule === 'import-x/no-restricted-paths').map((m) => m.line)).toEqual([
      1, 2, 3,
    ]);
    messages.splice(0, messages.length, ...restricted);
    expect(messages[0]!.message).toContain('Boundary: only src/server');
    expect(messages[2]!.message).toContain('Boundary: only src/web');
    expect(messages[3]!.message).toContain('no Node modules');
  });

  it("refuses a feature reaching into another feature's internals", async () => {
    const messages = await lint(
      `src/web/features/host/__boundary-${tag}.ts`,
      [
        "import { bookingsApi } from '@/web/features/bookings/data';",
        "import { venuesApi } from '../venues/data';",
        'export const refs = [bookingsApi, venuesApi];',
        '',
      ].join('\n'),
    );
    expect(messages.map((m) => [m.rule, m.line])).toEqual([
      ['no-restricted-imports', 1],
      ['no-restricted-imports', 2],
    ]);
    expect(messages[0]!.message).toContain("public index.ts ('@/web/features/<name>')");
  });

  it('refuses web/lib importing a feature, and the web importing the server', async () => {
    const messages = await lint(
      `src/web/lib/__boundary-${tag}.ts`,
      [
        "import { useAuth } from '@/web/features/auth';",
        "import type { AppContext } from '@/server/context';",
        'export const refs = [useAuth] as unknown as [AppContext];',
        '',
      ].join('\n'),
    );
    expect(messages.map((m) => [m.rule, m.line])).toEqual([
      ['no-restricted-imports', 1],
      ['no-restricted-imports', 2],
    ]);
  });

  it('refuses an import cycle, even through the @/ alias', async () => {
    const a = `src/server/__cycle-a-${tag}`;
    const b = `src/server/__cycle-b-${tag}`;
    // b is only written (both files are on disk when a is linted).
    const bFile = path.join(root, `${b}.ts`);
    writeFileSync(bFile, `import { a } from '@/server/__cycle-a-${tag}';\n\nexport const b = () => a;\n`);
    written.push(bFile);
    const messages = await lint(
      `${a}.ts`,
      `import { b } from './__cycle-b-${tag}';\n\nexport const a = () => b;\n`,
    );
    expect(messages.map((m) => [m.rule, m.line])).toEqual([['velvet/no-import-cycle', 1]]);
  });

  it('refuses an import cycle that closes only through type-only imports (decision 0084)', async () => {
    const a = `src/server/__type-cycle-a-${tag}`;
    const b = `src/server/__type-cycle-b-${tag}`;
    const bFile = path.join(root, `${b}.ts`);
    writeFileSync(
      bFile,
      `import type { A } from '@/server/__type-cycle-a-${tag}';\n\nexport type B = { a: A };\n`,
    );
    written.push(bFile);
    const messages = await lint(
      `${a}.ts`,
      `import type { B } from './__type-cycle-b-${tag}';\n\nexport type A = { b?: B };\n`,
    );
    expect(messages.map((m) => [m.rule, m.line])).toEqual([['velvet/no-import-cycle', 1]]);
    expect(messages[0]!.message).toContain(`__type-cycle-b-${tag}.ts`);
  });

  it('refuses a service importing the http, jobs or routes layer', async () => {
    const messages = await lint(
      `src/server/services/__layers-${tag}.ts`,
      [
        "import { sendJson } from '../http/content-length';",
        "import { COMPRESS_THRESHOLD } from '@/server/http/content-length';",
        "import { TimedTransitionsWorker } from '../jobs/timed-transitions';",
        "import { mountApiRoutes } from '../routes';",
        'export const refs = [sendJson, COMPRESS_THRESHOLD, TimedTransitionsWorker, mountApiRoutes];',
        '',
      ].join('\n'),
    );
    expect(messages.map((m) => [m.rule, m.line])).toEqual([
      ['import-x/no-restricted-paths', 1],
      ['import-x/no-restricted-paths', 2],
      ['import-x/no-restricted-paths', 3],
      ['import-x/no-restricted-paths', 4],
    ]);
    expect(messages[0]!.message).toContain('services sit below http, jobs and routes');
  });

  it('passes files that keep to the boundaries', async () => {
    const domain = await lint(
      `src/domain/__boundary-ok-${tag}.ts`,
      "import { formatUsd } from './pricing';\n\nexport const price = formatUsd(12);\n",
    );
    const feature = await lint(
      `src/web/features/host/__boundary-ok-${tag}.ts`,
      [
        "import { bookingsApi } from '@/web/features/bookings';",
        "import { queryKeys } from '@/web/lib/queryKeys';",
        "import { useHostStats } from './data';",
        'export const refs = [bookingsApi, queryKeys, useHostStats];',
        '',
      ].join('\n'),
    );
    const service = await lint(
      `src/server/services/__layers-ok-${tag}.ts`,
      [
        "import { PeriodicJob } from '../periodic-job';",
        "import { JSON_GZIP } from '@/server/json-gzip';",
        'export const refs = [PeriodicJob, JSON_GZIP];',
        '',
      ].join('\n'),
    );
    expect(domain).toEqual([]);
    expect(feature).toEqual([]);
    expect(service).toEqual([]);
  });
});
