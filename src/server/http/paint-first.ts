/**
 * Paint first, then load the app (decision 0043). A server-rendered page's first screen is in its
 * HTML; its scripts only make it interactive. Named in <head>, they are fetched alongside the
 * stylesheet, the fonts and the hero image and, on a fast link, are loaded and run before the first
 * frame, which then waits for them. Here the page names them in a JSON list and one small inline
 * script asks for them once the first frame is drawn (or after a second, for a tab in the
 * background, which draws no frames).
 *
 * The loader is a constant, so the Content-Security-Policy allows it by its hash and still refuses
 * every other inline script.
 */
import { createHash } from 'node:crypto';

/** The inline loader: reads #velvet-scripts ({ e: entry, p: modules to preload }) and adds them. */
export const PAINT_FIRST_LOADER =
  "(function(){var d=document,started=0;function load(){if(started)return;started=1;var j=JSON.parse(d.getElementById('velvet-scripts').textContent),s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=j.e;d.head.appendChild(s);j.p.forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;d.head.appendChild(l)})}requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,1000)})()";

/** The loader's CSP source: 'sha256-…' of its exact text. */
export const PAINT_FIRST_LOADER_CSP = `'sha256-${createHash('sha256').update(PAINT_FIRST_LOADER).digest('base64')}'`;

const ENTRY = /\s*<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g;
const PRELOAD = /\s*<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g;

/**
 * The page with its entry script and module preloads taken out of <head> and named in
 * #velvet-scripts, loaded by the inline loader at the end of <body>. A page without an entry
 * script is returned as it is.
 */
export function paintFirst(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  let entry: string | undefined;
  const preloads: string[] = [];
  const head = html
    .slice(0, headEnd)
    .replace(ENTRY, (_tag, src: string) => {
      entry ??= src;
      return '';
    })
    .replace(PRELOAD, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  if (!entry) return html;
  const list = JSON.stringify({ e: entry, p: preloads }).replace(/</g, '\\u003c');
  const body = html.slice(headEnd);
  const bodyEnd = body.lastIndexOf('</body>');
  const scripts = `<script type="application/json" id="velvet-scripts">${list}</script>\n    <script>${PAINT_FIRST_LOADER}</script>\n  `;
  return bodyEnd < 0 ? head + body + scripts : head + body.slice(0, bodyEnd) + scripts + body.slice(bodyEnd);
}
