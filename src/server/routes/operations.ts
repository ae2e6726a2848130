import { Hono } from 'hono';
import { z } from 'zod';
import { emailMessageSchema, outboxQuerySchema, templateSendSchema, testEmailSchema } from '@/domain/schemas';
import type { AppContext, AppEnv } from '../context';
import { readJson, readQuery, uuidParam } from '../http/validate';
import { requireRole } from '../http/viewer';
import * as ops from '../services/operations';
import type {
  Encoded,
  Environment,
  OutboxMessage,
  OutboxPage,
  QueuedEmail,
  ServerLog,
  TemplateList,
  TestEmailResult,
} from '@/domain/contract';

export const logQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

/** The admin's operations tools: email (SPEC §7 send-email, test-email), outbox, environment, log. */
export function operationsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.post('/send-email', async (c) => {
    const viewer = await requireRole(ctx, c, 'admin');
    const input = await readJson(c, emailMessageSchema);
    return c.json((await ops.sendEmail(ctx, viewer, input)) satisfies Encoded<QueuedEmail>, 202);
  });

  r.post('/test-email', async (c) => {
    const viewer = await requireRole(ctx, c, 'admin');
    const input = await readJson(c, testEmailSchema);
    const result = (await ops.sendTestEmail(ctx, viewer, input)) satisfies Encoded<TestEmailResult>;
    return c.json(result, result.status === 'sent' ? 200 : 202);
  });

  r.get('/admin/outbox', async (c) => {
    await requireRole(ctx, c, 'admin');
    c.header('cache-control', 'no-store');
    return c.json((await ops.listOutbox(ctx, readQuery(c, outboxQuerySchema))) satisfies Encoded<OutboxPage>);
  });

  r.post('/admin/outbox/:id/retry', async (c) => {
    await requireRole(ctx, c, 'admin');
    const id = uuidParam(c, 'id', 'Message not found.');
    return c.json((await ops.retryOutboxMessage(ctx, id)) satisfies Encoded<OutboxMessage>);
  });

  r.post('/admin/outbox/:id/cancel', async (c) => {
    await requireRole(ctx, c, 'admin');
    const id = uuidParam(c, 'id', 'Message not found.');
    return c.json((await ops.cancelOutboxMessage(ctx, id)) satisfies Encoded<OutboxMessage>);
  });

  r.get('/admin/email-templates', async (c) => {
    await requireRole(ctx, c, 'admin');
    c.header('cache-control', 'no-store');
    return c.json({ templates: ops.listTemplates(ctx) } satisfies Encoded<TemplateList>);
  });

  r.post('/admin/email-templates/:name/send', async (c) => {
    const viewer = await requireRole(ctx, c, 'admin');
    const { to } = await readJson(c, templateSendSchema);
    return c.json(
      (await ops.sendTemplateSample(ctx, viewer, c.req.param('name'), to)) satisfies Encoded<QueuedEmail>,
      202,
    );
  });

  r.get('/admin/environment', async (c) => {
    await requireRole(ctx, c, 'admin');
    c.header('cache-control', 'no-store');
    return c.json((await ops.describeEnvironment(ctx)) satisfies Encoded<Environment>);
  });

  r.get('/admin/server-log', async (c) => {
    await requireRole(ctx, c, 'admin');
    c.header('cache-control', 'no-store');
    return c.json(ops.recentServerLog(ctx, readQuery(c, logQuerySchema).limit) satisfies Encoded<ServerLog>);
  });

  return r;
}
