import {
  emailMessageSchema,
  logQuerySchema,
  outboxQuerySchema,
  templateSendSchema,
  testEmailSchema,
} from '@/domain/schemas';
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
import { endpoint, json, media, pathId, pathText } from '../http/endpoint';
import * as ops from '../services/operations';

const messageId = { id: pathId('Message not found.') };

/** The admin's operations tools: email (SPEC §7 send-email, test-email), outbox, environment, log. */
export const OPERATIONS_ENDPOINTS = [
  endpoint({
    method: 'post',
    path: '/send-email',
    tag: 'Operations',
    summary: 'Send an email',
    access: 'admin',
    body: emailMessageSchema,
    ok: json('QueuedEmail', 202),
    handler: async ({ ctx, viewer, body }) =>
      (await ops.sendEmail(ctx, viewer, body)) satisfies Encoded<QueuedEmail>,
  }),

  endpoint({
    method: 'post',
    path: '/test-email',
    tag: 'Operations',
    summary: 'Send a test email and wait for the outcome',
    description: '202 when the outcome is not known yet.',
    access: 'admin',
    body: testEmailSchema,
    ok: json('TestEmailResult'),
    handler: async ({ ctx, c, viewer, body }) => {
      const result = (await ops.sendTestEmail(ctx, viewer, body)) satisfies Encoded<TestEmailResult>;
      return c.json(result, result.status === 'sent' ? 200 : 202);
    },
  }),

  endpoint({
    method: 'get',
    path: '/admin/outbox',
    tag: 'Operations',
    summary: 'The email outbox, filtered and paged',
    access: 'admin',
    query: outboxQuerySchema,
    ok: json('OutboxPage'),
    cache: 'no-store',
    handler: async ({ ctx, query }) => (await ops.listOutbox(ctx, query)) satisfies Encoded<OutboxPage>,
  }),

  endpoint({
    method: 'post',
    path: '/admin/outbox/{id}/retry',
    tag: 'Operations',
    summary: 'Send a failed email again',
    access: 'admin',
    params: messageId,
    ok: json('OutboxMessage'),
    handler: async ({ ctx, params }) =>
      (await ops.retryOutboxMessage(ctx, params.id)) satisfies Encoded<OutboxMessage>,
  }),

  endpoint({
    method: 'post',
    path: '/admin/outbox/{id}/cancel',
    tag: 'Operations',
    summary: 'Stop a queued email',
    access: 'admin',
    params: messageId,
    ok: json('OutboxMessage'),
    handler: async ({ ctx, params }) =>
      (await ops.cancelOutboxMessage(ctx, params.id)) satisfies Encoded<OutboxMessage>,
  }),

  endpoint({
    method: 'get',
    path: '/admin/outbox/{id}/attachments/{attachment}',
    tag: 'Operations',
    summary: 'A file sent with an email, as it was sent',
    access: 'admin',
    params: { ...messageId, attachment: pathId(ops.ATTACHMENT_NOT_FOUND) },
    ok: media('application/octet-stream', 'The file, with its own content type (e.g. application/pdf)'),
    cache: 'private, no-store',
    handler: async ({ ctx, c, params }) => {
      const file = await ops.getOutboxAttachment(ctx, params.id, params.attachment);
      c.header('content-type', file.content_type);
      c.header('content-disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`);
      return c.body(Buffer.from(file.content), 200);
    },
  }),

  endpoint({
    method: 'get',
    path: '/admin/email-templates',
    tag: 'Operations',
    summary: 'The email templates with samples',
    access: 'admin',
    ok: json('TemplateList'),
    cache: 'no-store',
    handler: ({ ctx }) => ({ templates: ops.listTemplates(ctx) }) satisfies Encoded<TemplateList>,
  }),

  endpoint({
    method: 'post',
    path: '/admin/email-templates/{name}/send',
    tag: 'Operations',
    summary: "Send a template's sample",
    access: 'admin',
    params: { name: pathText() },
    body: templateSendSchema,
    ok: json('QueuedEmail', 202),
    handler: async ({ ctx, viewer, params, body }) =>
      (await ops.sendTemplateSample(ctx, viewer, params.name, body.to)) satisfies Encoded<QueuedEmail>,
  }),

  endpoint({
    method: 'get',
    path: '/admin/environment',
    tag: 'Operations',
    summary: 'The settings in force (secrets hidden)',
    access: 'admin',
    ok: json('Environment'),
    cache: 'no-store',
    handler: async ({ ctx }) => (await ops.describeEnvironment(ctx)) satisfies Encoded<Environment>,
  }),

  endpoint({
    method: 'get',
    path: '/admin/server-log',
    tag: 'Operations',
    summary: 'Recent server log lines',
    access: 'admin',
    query: logQuerySchema,
    ok: json('ServerLog'),
    cache: 'no-store',
    handler: ({ ctx, query }) => ops.recentServerLog(ctx, query.limit) satisfies Encoded<ServerLog>,
  }),
];
