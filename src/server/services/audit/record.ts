/**
 * Writes an audit entry (decision 0060) in the caller's transaction, so an action and its record
 * commit together or not at all; a refused action writes none. The address is the request's
 * (logger.ts's requestScope), as the edge read it (TRUST_PROXY honoured).
 */
import type { AuditAction, AuditSubject } from '@/domain/audit';
import type { Viewer } from '../../viewer';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { requestScope } from '../../logger';

export interface AuditEntry {
  action: AuditAction;
  subject: { type: AuditSubject; id: string };
  /** The venue concerned, with its host: the host reads entries about their venues. */
  venue?: { id: string; host_id: string } | null;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Records what `actor` (a signed-in person, or 'system' for jobs and webhooks) just did. */
export async function recordAudit(tx: DbOrTx, actor: Viewer | 'system', entry: AuditEntry): Promise<void> {
  const person = actor === 'system' ? null : actor.profile;
  await tx.insert(auditEvents).values({
    actor_id: person?.id ?? null,
    actor_role: person?.role ?? 'system',
    actor_name: person?.full_name ?? null,
    actor_email: person?.email ?? null,
    address: requestScope.getStore()?.address ?? null,
    action: entry.action,
    subject_type: entry.subject.type,
    subject_id: entry.subject.id,
    venue_id: entry.venue?.id ?? null,
    host_id: entry.venue?.host_id ?? null,
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
