import { useQuery } from '@tanstack/react-query';
import { api } from '@/web/lib/api';

export type MailStatus = 'pending' | 'sent' | 'failed';

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface MailboxResponse {
  messages: MailMessage[];
  /** Name of the configured mail transport, when the server reports it. */
  transport?: string;
}

export const MAILBOX_LIMIT = 50;

export function useMailbox() {
  return useQuery({
    queryKey: ['admin', 'mailbox', MAILBOX_LIMIT],
    queryFn: async ({ signal }) => {
      const data = await api.get<MailboxResponse>(`/api/admin/mailbox?limit=${MAILBOX_LIMIT}`, { signal });
      const messages = [...(data?.messages ?? [])].sort(
        (a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime(),
      );
      return { ...data, messages };
    },
    refetchInterval: 15_000,
  });
}

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
