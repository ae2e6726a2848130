/**
 * Reads and actions of the admin's Operations tab: the outbox (server-paged), templates, the
 * environment, the server's recent errors, and the email tools' endpoints.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/web/lib/api';

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'uncertain' | 'cancelled';

export interface MailMessage {
  id: string;
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
  sent_from: string | null;
  senders: string[];
  message_id: string | null;
  transport: string | null;
}

export interface OutboxPage {
  items: MailMessage[];
  total: number;
  page: number;
  page_size: number;
  counts: Partial<Record<MailStatus, number>>;
  transport: string;
}

export const opsKeys = {
  outbox: ['admin', 'outbox'] as const,
  templates: ['admin', 'email-templates'] as const,
  environment: ['admin', 'environment'] as const,
  serverLog: ['admin', 'server-log'] as const,
};

/** One page of the outbox; `query` is its query string (status, q, sort, page). */
export function useOutbox(query: string) {
  return useQuery({
    queryKey: [...opsKeys.outbox, query],
    queryFn: ({ signal }) => api.get<OutboxPage>(`/api/admin/outbox${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
}

export function useOutboxAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'retry' | 'cancel' }) =>
      api.post<MailMessage>(`/api/admin/outbox/${encodeURIComponent(id)}/${action}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: opsKeys.outbox }),
  });
}

export interface TemplatePreview {
  name: string;
  label: string;
  description: string;
  ad_hoc: boolean;
  subject: string;
  html: string;
  text: string;
}

export function useTemplates() {
  return useQuery({
    queryKey: opsKeys.templates,
    queryFn: ({ signal }) =>
      api.get<{ templates: TemplatePreview[] }>('/api/admin/email-templates', { signal }),
    select: (data) => data.templates,
    staleTime: 60_000,
  });
}

export interface QueuedEmail {
  id: string;
  status: MailStatus;
  to: string;
  subject: string;
}

export interface TestEmailResult extends QueuedEmail {
  success: boolean;
  senders: string[];
  sent_from: string | null;
  transport: string;
  attempts: number;
  last_error: string | null;
  message_id: string | null;
}

export const emailTools = {
  testEmail: (body: { to: string; subject?: string; html?: string }) =>
    api.post<TestEmailResult>('/api/test-email', body),
  sendEmail: (body: { to: string; subject: string; html: string; from?: string }) =>
    api.post<QueuedEmail>('/api/send-email', body),
  sendTemplate: (name: string, to: string) =>
    api.post<QueuedEmail>(`/api/admin/email-templates/${encodeURIComponent(name)}/send`, { to }),
};

export type Environment = Record<string, unknown>;

export function useEnvironment() {
  return useQuery({
    queryKey: opsKeys.environment,
    queryFn: ({ signal }) => api.get<Environment>('/api/admin/environment', { signal }),
    refetchInterval: 30_000,
  });
}

export interface LogEntry {
  time: string;
  level: 'warn' | 'error' | 'fatal';
  msg: string;
  request_id: string | null;
  err: string | null;
  context: Record<string, string | number | boolean>;
}

export function useServerLog() {
  return useQuery({
    queryKey: opsKeys.serverLog,
    queryFn: ({ signal }) =>
      api.get<{ entries: LogEntry[]; total: number; capacity: number }>('/api/admin/server-log', { signal }),
    refetchInterval: 5_000,
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
