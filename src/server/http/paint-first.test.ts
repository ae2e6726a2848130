// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAINT_FIRST_LOADER, PAINT_FIRST_LOADER_CSP, paintFirst } from './paint-first';

const PAGE = `<!doctype html><html><head>
    <link rel="stylesheet" crossorigin href="/assets/index-s1.css">
    <title>Velvet</title>
    <script type="module" fetchpriority="low" crossorigin src="/assets/index-e1.js"></script>
    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-r1.js">
    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/HomePage-h1.js" />
  </head>
  <body><div id="root"><h1>Premium</h1></div><script type="application/json" id="velvet-state">{}</script></body></html>`;

describe('paintFirst', () => {
  it('takes the scripts out of <head> and names them, in order, for the loader at the end of <body>', () => {
    const html = paintFirst(PAGE);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script|modulepreload/);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-s1.css">');
    const list = /<script type="application\/json" id="velvet-scripts">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(list!)).toEqual({
      e: '/assets/index-e1.js',
      p: ['/assets/react-r1.js', '/assets/HomePage-h1.js'],
    });
    // The loader comes after the markup and the data, just before </body>.
    expect(html).toMatch(
      new RegExp(
        `id="velvet-state">\\{\\}</script><script type="application/json" id="velvet-scripts">.*</script>\\s*<script>${escape(PAINT_FIRST_LOADER)}</script>\\s*</body></html>$`,
      ),
    );
  });

  it('leaves a page without an entry script as it is', () => {
    const page = '<html><head><title>x</title></head><body><p>x</p></body></html>';
    expect(paintFirst(page)).toBe(page);
  });

  it('allows the loader by the hash of its exact text', () => {
    expect(PAINT_FIRST_LOADER_CSP).toBe(
      `'sha256-${createHash('sha256').update(PAINT_FIRST_LOADER).digest('base64')}'`,
    );
  });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the loader, in a page', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  /** The callbacks waiting for the next frame (a tab in the background draws none). */
  let frame: Array<() => void> = [];
  const drawFrame = () => {
    const callbacks = frame;
    frame = [];
    for (const callback of callbacks) callback();
  };
  const setUp = () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frame.push(callback));
    document.body.innerHTML = `<script type="application/json" id="velvet-scripts">${JSON.stringify({
      e: '/assets/index-e1.js',
      p: ['/assets/react-r1.js', '/assets/HomePage-h1.js'],
    })}</script>`;
    new Function(PAINT_FIRST_LOADER)();
  };
  const requested = () =>
    [...document.head.querySelectorAll('script, link')].map((el) =>
      el.tagName === 'SCRIPT'
        ? `script ${(el as HTMLScriptElement).type} ${el.getAttribute('src')} ${el.getAttribute('crossorigin')}`
        : `${(el as HTMLLinkElement).rel} ${el.getAttribute('href')} ${el.getAttribute('crossorigin')}`,
    );

  it('asks for nothing before the first frame, then for the entry and the modules, once', () => {
    setUp();
    expect(requested()).toEqual([]);
    // A frame's callbacks run before it is drawn: the loader waits for the task after it.
    drawFrame();
    expect(requested()).toEqual([]);
    vi.advanceTimersByTime(0);
    const once = [
      'script module /assets/index-e1.js ',
      'modulepreload /assets/react-r1.js ',
      'modulepreload /assets/HomePage-h1.js ',
    ];
    expect(requested()).toEqual(once);
    vi.advanceTimersByTime(2_000);
    expect(requested()).toEqual(once);
  });

  it('loads after a second in a tab that draws no frames', () => {
    setUp();
    vi.advanceTimersByTime(999);
    expect(requested()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(requested()).toHaveLength(3);
  });
});
