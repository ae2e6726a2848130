import { Hono, type Context } from 'hono';
import type {
  Conversation,
  ConversationMessage,
  ConversationRead,
  Encoded,
  UnreadCounts,
} from '@/domain/contract';
import { messageSchema } from '@/domain/schemas';
import type { AppContext, AppEnv } from '../context';
import { readJson, uuidParam } from '../http/validate';
import { requireViewer } from '../http/viewer';
import * as messages from '../services/messages';

const bookingId = (c: Context) => uuidParam(c, 'id', messages.BOOKING_NOT_FOUND);

/** A conversation on every booking (docs/api.md "Messages", decision record 16). */
export function messageRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/bookings/:id/messages', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = bookingId(c);
    c.header('cache-control', 'no-store');
    return c.json((await messages.listMessages(ctx, viewer, id)) satisfies Encoded<Conversation>);
  });

  r.post('/bookings/:id/messages', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = bookingId(c);
    const input = await readJson(c, messageSchema);
    return c.json(
      (await messages.postMessage(ctx, viewer, id, input)) satisfies Encoded<ConversationMessage>,
      201,
    );
  });

  r.post('/bookings/:id/messages/read', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = bookingId(c);
    return c.json((await messages.markRead(ctx, viewer, id)) satisfies Encoded<ConversationRead>);
  });

  r.get('/me/messages/unread', async (c) => {
    const viewer = await requireViewer(ctx, c);
    c.header('cache-control', 'no-store');
    return c.json((await messages.unreadCounts(ctx, viewer)) satisfies Encoded<UnreadCounts>);
  });

  return r;
}
