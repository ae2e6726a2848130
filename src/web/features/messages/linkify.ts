/**
 * Plain text with its links found (linkify-it): a message is shown as text segments and
 * links, nothing else — no HTML, no markdown. Only http(s) and mailto links become links;
 * "velvetclub.com/menu" style fuzzy links get http:// as their target.
 */
import LinkifyIt from 'linkify-it';

export type Segment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const linkify = new LinkifyIt();
const SAFE = /^(https?:|mailto:)/i;

export function segmentsOf(text: string): Segment[] {
  const matches = linkify.match(text) ?? [];
  const out: Segment[] = [];
  let last = 0;
  for (const m of matches) {
    if (!SAFE.test(m.url)) continue;
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    out.push({ kind: 'link', text: m.text, href: m.url });
    last = m.lastIndex;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}
