import type { AuditAction, AuditSubject } from '../audit';
import type { Page } from './operations';

/** One entry of the audit trail (decision 0060). */
export interface AuditEntry {
  id: string;
  at: string;
  actor_id: string | null;
  actor_role: string;
  actor_name: string | null;
  actor_email: string | null;
  address: string | null;
  action: AuditAction;
  subject_type: AuditSubject;
  subject_id: string;
  venue_id: string | null;
  venue_name: string | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** GET /api/audit?action&subject&venue_id&q&page&page_size — newest first. */
export interface AuditPage extends Omit<Page<AuditEntry>, 'items'> {
  events: AuditEntry[];
}
