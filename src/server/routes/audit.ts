import { auditQuerySchema } from '@/domain/schemas';
import { endpoint, json } from '../http/endpoint';
import { listAuditEvents } from '../services/audit/list';

/** The audit trail (decision 0060): the admin's Audit section and the host's view of their venues. */
export const AUDIT_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: '/audit',
    tag: 'Audit',
    summary: 'Privileged actions, newest first',
    description:
      'The admin reads every entry; a host reads the entries about their own venues, whoever acted. Filters: action, subject, venue_id, q (summary, actor); paged.',
    access: 'host or admin',
    query: auditQuerySchema,
    ok: json('AuditPage'),
    cache: 'no-store',
    handler: ({ ctx, viewer, query }) => listAuditEvents(ctx, viewer, query),
  }),
];
