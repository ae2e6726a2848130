// The renderer as the server loads it (ssr.ts loadRenderer): each page comes with the class
// merges its own render made, even when renders of two requests interleave at their awaits.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRenderer, type RenderedPage } from './ssr';

// A built renderer in miniature: `cn` reports each merge to the listener, as lib/utils.ts does,
// and a render merges before and after an await (its data), like a page and its lazy parts.
const RENDERER = `
let listener;
export function recordMergedClasses(l) { listener = l; }
const cn = (joined) => { const merged = joined === 'px-2 px-4' ? 'px-4' : joined; listener?.(joined, merged); return merged; };
export function pageModule(pathname) { return pathname === '/x' ? 'src/web/pages/X.tsx' : null; }
export async function renderPage(url) {
  if (url.pathname === '/none') return null;
  const name = url.pathname.slice(1);
  const a = cn('page-' + name);
  await new Promise((r) => setTimeout(r, name === 'slow' ? 30 : 5));
  const b = cn('px-2 px-4');
  return { html: '<p class="' + a + ' ' + b + '"></p>', head: '', state: {}, status: 200, page: 'p' };
}
`;

describe('loadRenderer', () => {
  it("sends each page with its own render's class merges", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'velvet-ssr-classes-'));
    const file = path.join(dir, 'entry-server.mjs');
    writeFileSync(file, RENDERER);
    const renderer = (await loadRenderer(file))!;
    const load = async () => ({ status: 200, body: null });
    const [slow, fast] = (await Promise.all([
      renderer.renderPage(new URL('http://x/slow'), 'http://x', load),
      renderer.renderPage(new URL('http://x/fast'), 'http://x', load),
    ])) as RenderedPage[];
    expect(slow!.classes).toEqual({ same: ['page-slow'], changed: [['px-2 px-4', 'px-4']] });
    expect(fast!.classes).toEqual({ same: ['page-fast'], changed: [['px-2 px-4', 'px-4']] });
    expect(await renderer.renderPage(new URL('http://x/none'), 'http://x', load)).toBeNull();
    expect(renderer.pageModule?.('/x')).toBe('src/web/pages/X.tsx');
  });

  it('serves a renderer that does not report merges as it is', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'velvet-ssr-classes-'));
    const file = path.join(dir, 'entry-server.mjs');
    writeFileSync(
      file,
      RENDERER.replace('export function recordMergedClasses', 'function recordMergedClasses'),
    );
    const renderer = (await loadRenderer(file))!;
    const page = (await renderer.renderPage(new URL('http://x/a'), 'http://x', async () => ({
      status: 200,
      body: null,
    }))) as RenderedPage;
    expect(page!.classes).toBeUndefined();
    expect(page!.html).toBe('<p class="page-a px-4"></p>');
  });
});
