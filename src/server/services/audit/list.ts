/**
 * Reading the audit trail: the admin reads every entry, a host the entries about their own
 * venues (whoever acted), newest first, filtered and paged by the server.
 */
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AuditPage } from '@/domain/contract/audit';
import type { Encoded } from '@/domain/contract/wire';
import { forbidden } from '@/domain/errors';
import type { AuditQuery } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { auditEvents, venues } from '../../db/schema';

export async function listAuditEvents(
  ctx: AppContext,
  viewer: Viewer,
  query: AuditQuery,
): Promise<Encoded<AuditPage>> {
  const role = viewer.profile.role;
  if (role !== 'admin' && role !== 'host')
    throw forbidden('Only the admin and hosts can read the audit trail.');
  const conditions: Array<SQL | undefined> = [
    role === 'host' ? eq(auditEvents.host_id, viewer.profile.id) : undefined,
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.subject ? eq(auditEvents.subject_type, query.subject) : undefined,
    query.venue_id ? eq(auditEvents.venue_id, query.venue_id) : undefined,
    query.q
      ? or(
          ilike(auditEvents.summary, `%${escapeLike(query.q)}%`),
          ilike(auditEvents.actor_email, `%${escapeLike(query.q)}%`),
          ilike(auditEvents.actor_name, `%${escapeLike(query.q)}%`),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const rows = await ctx.db
    .select({ event: auditEvents, venue_name: venues.name })
    .from(auditEvents)
    .leftJoin(venues, eq(venues.id, auditEvents.venue_id))
    .where(where)
    .orderBy(desc(auditEvents.seq))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(auditEvents).where(where);
  return {
    events: rows.map(({ event: { seq: _seq, host_id: _host, at, ...e }, venue_name }) => ({
      ...e,
      at: at.toISOString(),
      venue_name,
    })),
    total: n,
    page: query.page,
    page_size: query.page_size,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
