/**
 * The messages feature's data: a booking's conversation, posting to it, moving the viewer's
 * read marker, and the viewer's unread counts (badges on booking cards and in the
 * navigation). The live table (lib/liveRefresh.ts) refreshes a thread and the counts when a
 * 'conversation' event arrives, so nothing here polls.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationMessage, ConversationRead, UnreadCounts } from '@/domain/contract';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';

const at = (id: string) => encodeURIComponent(id);

export const messagesApi = {
  thread: (bookingId: string, signal?: AbortSignal) =>
    api.get<Conversation>(`/api/bookings/${at(bookingId)}/messages`, { signal }),
  post: (bookingId: string, body: string) =>
    api.post<ConversationMessage>(`/api/bookings/${at(bookingId)}/messages`, { body }),
  markRead: (bookingId: string) => api.post<ConversationRead>(`/api/bookings/${at(bookingId)}/messages/read`),
  unread: (signal?: AbortSignal) => api.get<UnreadCounts>('/api/me/messages/unread', { signal }),
};

export function useConversation(bookingId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.messages.thread(bookingId),
    queryFn: ({ signal }) => messagesApi.thread(bookingId, signal),
    enabled,
  });
}

/** The signed-in participant's unread counts (`enabled` false for visitors and the admin). */
export function useUnreadCounts(enabled = true) {
  return useQuery({
    queryKey: queryKeys.messages.unread,
    queryFn: ({ signal }) => messagesApi.unread(signal),
    enabled,
    staleTime: 30_000,
  });
}

/** Unread messages on one booking, from the shared counts. */
export function useUnreadFor(bookingId: string, enabled = true) {
  const counts = useUnreadCounts(enabled);
  return counts.data?.bookings.find((b) => b.booking_id === bookingId)?.unread ?? 0;
}

export function usePostMessage(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => messagesApi.post(bookingId, body),
    onSuccess: (message) => {
      queryClient.setQueryData<Conversation>(queryKeys.messages.thread(bookingId), (thread) =>
        thread && !thread.messages.some((m) => m.id === message.id)
          ? { ...thread, messages: [...thread.messages, message], last_read_seq: message.seq, unread: 0 }
          : thread,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.thread(bookingId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.unread });
    },
  });
}

export function useMarkRead(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => messagesApi.markRead(bookingId),
    onSuccess: (read) => {
      queryClient.setQueryData<Conversation>(queryKeys.messages.thread(bookingId), (thread) =>
        thread ? { ...thread, last_read_seq: read.last_read_seq, unread: 0 } : thread,
      );
      queryClient.setQueryData<UnreadCounts>(queryKeys.messages.unread, (counts) => {
        if (!counts) return counts;
        const bookings = counts.bookings.filter((b) => b.booking_id !== bookingId);
        return { total: bookings.reduce((sum, b) => sum + b.unread, 0), bookings };
      });
    },
  });
}
