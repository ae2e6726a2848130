/** The admin feature's data: the dashboard tiles and the built-in mailbox. */
import { useQuery } from '@tanstack/react-query';
import type { AdminStats, Mailbox } from '@/domain/contract';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';

export const MAILBOX_LIMIT = 50;

export const adminApi = {
  stats: (signal?: AbortSignal) => api.get<AdminStats>('/api/admin/stats', { signal }),
  mailbox: (limit: number, signal?: AbortSignal) =>
    api.get<Mailbox>(`/api/admin/mailbox?limit=${limit}`, { signal }),
};

export function useAdminStats(enabled = true) {
  return useQuery({
    queryKey: queryKeys.admin.stats,
    queryFn: ({ signal }) => adminApi.stats(signal),
    enabled,
  });
}

/** The newest messages of the outbox, polled: the mail worker changes them outside the feed. */
export function useMailbox() {
  return useQuery({
    queryKey: queryKeys.admin.mailbox(MAILBOX_LIMIT),
    queryFn: async ({ signal }) => {
      const data = await adminApi.mailbox(MAILBOX_LIMIT, signal);
      const messages = [...(data?.messages ?? [])].sort(
        (a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime(),
      );
      return { ...data, messages };
    },
    refetchInterval: 15_000,
  });
}
