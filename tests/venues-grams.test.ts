/**
 * velvet_grams (migrations 0014 and 0015): every substring of one and of two characters of its
 * text, which venues_grams_idx indexes and a short location's grams are looked up in. Rewritten
 * for speed in 0015, it must keep each text's set of grams exactly (the index was built with the
 * first version and is not rebuilt).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './support/env';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});

/** The reference: the distinct substrings of one and two characters (code points). */
function grams(text: string): string[] {
  const chars = [...text];
  const out = new Set<string>();
  chars.forEach((c, i) => {
    out.add(c);
    if (i + 1 < chars.length) out.add(c + chars[i + 1]);
  });
  return [...out].sort();
}

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await env.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

async function velvetGrams(text: string | null): Promise<string[] | null> {
  const [row] = await rowsOf<{ g: string[] | null }>(sql`select velvet_grams(${text}::text) as g`);
  return row!.g === null ? null : [...new Set(row!.g)].sort();
}

describe('velvet_grams', () => {
  it('is the set of one- and two-character substrings, whatever the text', async () => {
    const texts = [
      'a',
      'ab',
      'aaa',
      'new york\n12 main street',
      'são paulo\nrua ãão 7',
      '%_\\\n ',
      'café 🍸 bar\nx',
      '',
    ];
    for (const text of texts) expect(await velvetGrams(text), JSON.stringify(text)).toEqual(grams(text));
  });

  it('is null for null (the index skips no venue: city and address are required)', async () => {
    expect(await velvetGrams(null)).toBeNull();
  });

  it("holds a short location's grams exactly when its text can contain the location", async () => {
    const rows = await rowsOf<{ found: boolean; missing: boolean }>(
      sql`select velvet_grams(lower('Brooklyn') || E'\n' || lower('12 Kent Ave')) @> velvet_location_grams('nt') as found,
                 velvet_grams(lower('Brooklyn') || E'\n' || lower('12 Kent Ave')) @> velvet_location_grams('zq') as missing`,
    );
    expect(rows[0]).toEqual({ found: true, missing: false });
  });
});
