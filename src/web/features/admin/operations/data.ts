/**
 * Reads and actions of the admin's Operations tab: the outbox (server-paged), templates, the
 * environment, the server's recent errors, and the email tools' endpoints. The mail worker
 * changes the outbox outside the live feed, so its reads poll.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Environment,
  OutboxMessage,
  OutboxPage,
  QueuedEmail,
  ServerLog,
  TemplateList,
  TestEmailResult,
} from '@/domain/contract';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';

export { extractLinks } from '../mailLinks';

/** One page of the outbox; `query` is its query string (status, q, sort, page). */
export function useOutbox(query: string) {
  return useQuery({
    queryKey: queryKeys.admin.outboxPage(query),
    queryFn: ({ signal }) => api.get<OutboxPage>(`/api/admin/outbox${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
}

export function useOutboxAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'retry' | 'cancel' }) =>
      api.post<OutboxMessage>(`/api/admin/outbox/${encodeURIComponent(id)}/${action}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox }),
  });
}

export function useTemplates() {
  return useQuery({
    queryKey: queryKeys.admin.templates,
    queryFn: ({ signal }) => api.get<TemplateList>('/api/admin/email-templates', { signal }),
    select: (data) => data.templates,
    staleTime: 60_000,
  });
}

export const emailTools = {
  testEmail: (body: { to: string; subject?: string; html?: string }) =>
    api.post<TestEmailResult>('/api/test-email', body),
  sendEmail: (body: { to: string; subject: string; html: string; from?: string }) =>
    api.post<QueuedEmail>('/api/send-email', body),
  sendTemplate: (name: string, to: string) =>
    api.post<QueuedEmail>(`/api/admin/email-templates/${encodeURIComponent(name)}/send`, { to }),
};

export function useEnvironment() {
  return useQuery({
    queryKey: queryKeys.admin.environment,
    queryFn: ({ signal }) => api.get<Environment>('/api/admin/environment', { signal }),
    refetchInterval: 30_000,
  });
}

export function useServerLog() {
  return useQuery({
    queryKey: queryKeys.admin.serverLog,
    queryFn: ({ signal }) => api.get<ServerLog>('/api/admin/server-log', { signal }),
    refetchInterval: 5_000,
  });
}
