/*
 * Operations › Environment Debug: what the server runs on — database engine and migration level,
 * mail transport and senders, payment provider, storage, version and uptime. The server never
 * sends a secret or a full connection string; this view only lays out what it is given.
 */
import type { ReactNode } from 'react';
import { RefreshCw, Server } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import { cn } from '@/web/lib/utils';
import { useEnvironment } from './data';

const humanize = (key: string) => {
  const s = key.replace(/_seconds$/, '').replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
};

function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return [d && `${d}d`, (d || h) && `${h}h`, `${m}m`, `${seconds % 60}s`].filter(Boolean).join(' ');
}

function Value({ name, value }: { name: string; value: unknown }): ReactNode {
  if (value === null || value === undefined || value === '')
    return <span className="text-muted-foreground">—</span>;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (name === 'uptime_seconds' && typeof value === 'number') return formatUptime(value);
  if (Array.isArray(value))
    return value.length ? value.join(', ') : <span className="text-muted-foreground">none</span>;
  if (typeof value === 'object') return <Fields data={value as Record<string, unknown>} nested />;
  return String(value);
}

function Fields({ data, nested }: { data: Record<string, unknown>; nested?: boolean }) {
  return (
    <dl
      className={cn(
        'grid gap-x-6 gap-y-2',
        nested ? 'mt-1 grid-cols-2 border-l border-border pl-3' : 'sm:grid-cols-2',
      )}
    >
      {Object.entries(data).map(([k, v]) => (
        <div key={k} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{humanize(k)}</dt>
          <dd className="break-words text-sm">
            <Value name={k} value={v} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

const GROUPS: Array<{ key: 'database' | 'mail' | 'payments' | 'storage' | 'auth'; title: string }> = [
  { key: 'database', title: 'Database' },
  { key: 'mail', title: 'Mail' },
  { key: 'payments', title: 'Payments' },
  { key: 'storage', title: 'Storage' },
  { key: 'auth', title: 'Accounts' },
];

export function EnvironmentSection() {
  const env = useEnvironment();
  return (
    <section aria-labelledby="environment-heading" className="grid gap-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id="environment-heading" className="text-lg font-semibold">
            Environment Debug
          </h3>
          <p className="text-sm text-muted-foreground">
            The providers this server uses. Passwords, keys and connection strings are never shown.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void env.refetch()} disabled={env.isFetching}>
          <RefreshCw className={cn(env.isFetching && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {env.isPending ? (
        <Skeleton className="h-72" />
      ) : env.isError ? (
        <EmptyState
          icon={Server}
          title="Could not load the environment"
          description={errorMessage(env.error, 'Please try again.')}
        />
      ) : (
        <>
          <div className="rounded-xl border border-border bg-surface/60 p-4">
            <h4 className="mb-3 text-sm font-semibold">Server</h4>
            <Fields
              data={Object.fromEntries(
                Object.entries(env.data).filter(([k]) => !GROUPS.some((g) => g.key === k)),
              )}
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            {GROUPS.filter((g) => env.data[g.key]).map((g) => (
              <div key={g.key} className="rounded-xl border border-border bg-surface/60 p-4">
                <h4 className="mb-3 text-sm font-semibold">{g.title}</h4>
                <Fields data={env.data[g.key]} />
              </div>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
