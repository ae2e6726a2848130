import { describe, expect, it } from 'vitest';
import { segmentsOf } from './linkify';

describe('links in messages', () => {
  it('finds http(s) links, fuzzy domains and emails, and keeps the rest as text', () => {
    expect(segmentsOf('Menu: https://velvet.test/menu?x=1, or velvetclub.com. Mail jo@example.com!')).toEqual(
      [
        { kind: 'text', text: 'Menu: ' },
        { kind: 'link', text: 'https://velvet.test/menu?x=1', href: 'https://velvet.test/menu?x=1' },
        { kind: 'text', text: ', or ' },
        { kind: 'link', text: 'velvetclub.com', href: 'http://velvetclub.com' },
        { kind: 'text', text: '. Mail ' },
        { kind: 'link', text: 'jo@example.com', href: 'mailto:jo@example.com' },
        { kind: 'text', text: '!' },
      ],
    );
  });

  it('plain text is one segment; HTML stays text', () => {
    expect(segmentsOf('See you at 9')).toEqual([{ kind: 'text', text: 'See you at 9' }]);
    expect(segmentsOf('<b>hi</b> <a href="javascript:alert(1)">x</a>')).toEqual([
      { kind: 'text', text: '<b>hi</b> <a href="javascript:alert(1)">x</a>' },
    ]);
    expect(segmentsOf('')).toEqual([]);
  });

  it('never links a javascript: or data: URL', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>']) {
      expect(segmentsOf(text).every((s) => s.kind === 'text')).toBe(true);
    }
  });
});
