import { Hono } from 'hono';
import { z } from 'zod';
import {
  emailMessageSchema,
  outboxQuerySchema,
  templateSendSchema,
  testEmailSchema,
} from '@/domain/operations';
import type { AppContext, AppEnv } from '../context';
import { readJson, readQuery, uuidParam } from '../http/validate';
import { requireRole } from '../http/viewer';
import * as ops from '../services/operations';

const logQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

/** The admin's operations tools: email (SPEC §7 send-email, test-email), outbox, environment, log. */
export function operationsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.post('/send-email', async (c) => {
    const viewer = await requireRole(ctx, c, 'admin');
    const input = await readJson(c, emailMessageSchema);
    return c.json(await ops.sendEmail(ctx, viewer, input), 202);
  });

  r.post('/test-email', async (c) => {
    const viewer = await requireRole(ctx, c, 'admin');
    const input = await readJson(c, testEmailSchema);
    const result = await ops.sendTestEmail(ctx, viewer, input);
    return c.json(result, result.status === 'sent' ? 200 : 202);
  });

  r.get('/admin/outbox', async (c) => {
    await requireRole(ctx, c, 'admin');
    c.header('cache-control', 'no-store');
    return c.json(await ops.listOutbox(ctx, readQuery(c, outboxQuerySchema)));
  });

  r.post('/admin/outbox/:id/retry', async (c) => {
    await requireRole(ctx, c, 'admin');
    return c.json(await ops.retryOutboxMessage(ctx, uuidParam(c, 'id', 'Message not found.')));
  });

  r.post('/admin/outbox/:id/cancel', async (c) => {
    await requireRole(ctx, c, 'admin');
    return c.json(await ops.cancelOutboxMessage(ctx, uuidParam(c, 'id', 'Message not found.')));
  });

  r.get('/admin/email-templates', async (c) => {
    await requireRole(ctx, c, 'admin');
    c.header('cache-control', 'no-store');
    return c.json({ templates: ops.listTemplates(ctx) });
  });

  r.post('/admin/email-templates/:name/send', async (c) => {
    const viewer = await requireRole(ctx, c, 'admin');
    const { to } = await readJson(c, templateSendSchema);
    return c.json(await ops.sendTemplateSample(ctx, viewer, c.req.param('name'), to), 202);
  });

  r.get('/admin/environment', async (c) => {
    await requireRole(ctx, c, 'admin');
    c.header('cache-control', 'no-store');
    return c.json(await ops.describeEnvironment(ctx));
  });

  r.get('/admin/server-log', async (c) => {
    await requireRole(ctx, c, 'admin');
    c.header('cache-control', 'no-store');
    return c.json(ops.recentServerLog(ctx, readQuery(c, logQuerySchema).limit));
  });

  return r;
}
