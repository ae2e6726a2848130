import type {
  Conversation,
  ConversationMessage,
  ConversationRead,
  Encoded,
  UnreadCounts,
} from '@/domain/contract';
import { MESSAGE_TEXT } from '@/domain/messages';
import { messageSchema } from '@/domain/schemas';
import { endpoint, json, pathId } from '../http/endpoint';
import { messageLimit } from '../http/rate-limits';
import * as messages from '../services/messages';

const bookingId = { id: pathId(messages.BOOKING_NOT_FOUND) };

/** A conversation on every booking (decision record 16). */
export const MESSAGE_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: '/bookings/{id}/messages',
    tag: 'Messages',
    summary: "A booking's conversation, oldest first (guest, venue's host, admin read-only)",
    access: 'signed in',
    params: bookingId,
    ok: json('Conversation'),
    cache: 'no-store',
    handler: async ({ ctx, viewer, params }) =>
      (await messages.listMessages(ctx, viewer, params.id)) satisfies Encoded<Conversation>,
  }),

  endpoint({
    method: 'post',
    path: '/bookings/{id}/messages',
    tag: 'Messages',
    summary: "Send a message (the guest or the venue's host; rate limited)",
    access: 'signed in',
    params: bookingId,
    body: messageSchema,
    ok: json('ConversationMessage', 201),
    rateLimit: {
      count: [[(ctx) => messageLimit(ctx.config.MESSAGES_PER_MINUTE), 'user']],
      signedInOnly: true,
      message: MESSAGE_TEXT.rateLimited,
    },
    handler: async ({ ctx, viewer, params, body }) =>
      (await messages.postMessage(ctx, viewer, params.id, body)) satisfies Encoded<ConversationMessage>,
  }),

  endpoint({
    method: 'post',
    path: '/bookings/{id}/messages/read',
    tag: 'Messages',
    summary: 'Mark the conversation read up to its newest message',
    access: 'signed in',
    params: bookingId,
    ok: json('ConversationRead'),
    handler: async ({ ctx, viewer, params }) =>
      (await messages.markRead(ctx, viewer, params.id)) satisfies Encoded<ConversationRead>,
  }),

  endpoint({
    method: 'get',
    path: '/me/messages/unread',
    tag: 'Messages',
    summary: 'Unread message counts, per booking and in all',
    access: 'signed in',
    ok: json('UnreadCounts'),
    cache: 'no-store',
    handler: async ({ ctx, viewer }) =>
      (await messages.unreadCounts(ctx, viewer)) satisfies Encoded<UnreadCounts>,
  }),
];
