/*
 * The audit trail (issue 30, decision 60): privileged actions — who, when, from which address,
 * what — newest first, filtered by action and text, paged by the server. The admin's Audit tab
 * reads every entry; a host's Activity tab the entries about their own venues (the server
 * decides which: GET /api/audit).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { AUDIT_ACTIONS, type AuditAction } from '@/domain/audit';
import type { AuditEntry, AuditPage } from '@/domain/contract';
import { LoadError } from '@/web/components/LoadError';
import { Badge } from '@/web/components/ui/badge';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';
import { listQuery, useUrlParams } from '@/web/lib/useUrlParams';
import { ListSearch, ListSelect, Pager, pageFrom } from '@/web/components/ListControls';

const PAGE_SIZE = 20;
const KEYS = ['q', 'action', 'page'] as const;
const ACTION_OPTIONS = [
  { value: 'all', label: 'All actions' },
  ...(Object.entries(AUDIT_ACTIONS) as Array<[AuditAction, string]>).map(([value, label]) => ({
    value,
    label,
  })),
];

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

function Entry({ entry }: { entry: AuditEntry }) {
  const who =
    entry.actor_name ||
    entry.actor_email ||
    (entry.actor_role === 'system' ? 'Velvet (automatic)' : 'Someone');
  return (
    <li className="min-w-0">
      <Card className="flex min-w-0 flex-col gap-2 p-4" data-testid="audit-entry">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Badge tone="accent">{AUDIT_ACTIONS[entry.action] ?? entry.action}</Badge>
          <time dateTime={entry.at} className="text-xs text-muted-foreground">
            {when(entry.at)}
          </time>
        </div>
        <p className="text-sm [overflow-wrap:anywhere]">{entry.summary}</p>
        <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
          By {who}
          {entry.actor_role !== 'system' && ` (${entry.actor_role === 'user' ? 'guest' : entry.actor_role})`}
          {entry.address && ` from ${entry.address}`}
          {entry.venue_name && ` · ${entry.venue_name}`}
        </p>
      </Card>
    </li>
  );
}

export function AuditTrail({
  id,
  title,
  description,
  empty,
}: {
  /** Names the section's heading. */
  id: string;
  title: string;
  description: string;
  /** What an empty trail says, in the reader's words (the admin's trail, a host's activity). */
  empty: { title: string; description: string };
}) {
  const [params, setParams] = useUrlParams('audit', KEYS);
  const page = pageFrom(params.page);
  const query = listQuery(
    { q: params.q, action: params.action && params.action !== 'all' ? params.action : '' },
    { page, page_size: PAGE_SIZE },
  );
  const list = useQuery({
    queryKey: queryKeys.auditPage(query),
    queryFn: ({ signal }) => api.get<AuditPage>(`/api/audit?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <ListSearch
          value={params.q}
          onChange={(q) => setParams({ q, page: null })}
          label="Search the audit trail"
          placeholder="Search names, emails, summaries"
        />
        <ListSelect
          value={params.action || 'all'}
          onChange={(action) => setParams({ action, page: null })}
          options={ACTION_OPTIONS}
          label="Action"
          className="sm:w-72"
        />
      </div>
      {list.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <span className="sr-only" role="status">
            Loading the audit trail
          </span>
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : list.isError ? (
        <LoadError
          message="Could not load the audit trail"
          description="Please check your connection and try again."
          onRetry={() => void list.refetch()}
        />
      ) : list.data.events.length === 0 ? (
        <EmptyState
          icon={ScrollText}
          title={empty.title}
          description={params.q || params.action ? 'Nothing matches these filters.' : empty.description}
        />
      ) : (
        <>
          <ul className="grid min-w-0 grid-cols-1 gap-3" aria-label="Audit entries">
            {list.data.events.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            noun="entries"
            onPage={(p) => setParams({ page: p })}
            busy={list.isFetching}
          />
        </>
      )}
    </section>
  );
}
