import type { MailMessage } from '@/domain/contract';

const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

/** Every distinct http(s) link in a message: anchors in the HTML first, then URLs in the text. */
export function extractLinks(message: Pick<MailMessage, 'html' | 'text'>): string[] {
  const links = new Set<string>();
  if (message.html && typeof DOMParser !== 'undefined') {
    // DOMParser builds an inert document: no scripts run and nothing is fetched.
    const doc = new DOMParser().parseFromString(message.html, 'text/html');
    for (const anchor of Array.from(doc.querySelectorAll('a[href]'))) {
      const href = anchor.getAttribute('href')?.trim() ?? '';
      if (/^https?:\/\//i.test(href)) links.add(href);
    }
  }
  for (const match of message.text?.match(URL_PATTERN) ?? []) links.add(match.replace(/[.,;:]+$/, ''));
  return [...links];
}
