/**
 * The server's Prometheus metrics (decision 0072), served on METRICS_PORT only (main.ts), never
 * on the public port. One registry per app context, so each test's app counts its own.
 *
 * Counted as things happen: HTTP requests (by route template and status, with durations),
 * database errors met while answering, and each background job's runs. Read when Prometheus
 * scrapes: the pool, the email outbox, the live-stream clients and the venue index — gauges
 * with a `collect` that asks the part itself, so no second copy of their state is kept.
 * docs/operations.md lists every metric and what it means.
 */
import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database, PoolStats } from './db/client';

/** What the scrape-time gauges read; each is optional so a test context without it still scrapes. */
export interface MetricSources {
  database?: Database;
  /** Open Server-Sent Events streams of this server. */
  liveClients?: () => number;
  /** The venue index: venues held, and whether it answers without the database right now. */
  venueIndex?: () => { size: number; current: boolean } | undefined;
}

export const OUTBOX_GAUGE_STATUSES = ['pending', 'sending', 'failed', 'uncertain'] as const;

export class Metrics {
  readonly registry = new Registry();
  private readonly sources: MetricSources = {};

  readonly httpRequests = new Counter({
    name: 'velvet_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'velvet_http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer being ready, by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly databaseErrors = new Counter({
    name: 'velvet_db_errors_total',
    help: 'Database errors met while answering requests or running jobs, by kind (connection, timeout, other).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'velvet_job_runs_total',
    help: 'Background job runs, by job and outcome (ok, failed).',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly jobLastRun = new Gauge({
    name: 'velvet_job_last_run_timestamp_seconds',
    help: 'When each background job last finished a run (Unix time).',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  /** Seconds since each job last finished a run, minus its interval: above 0, it is late. */
  readonly jobLag = new Gauge({
    name: 'velvet_job_lag_seconds',
    help: 'How late each background job is: seconds since its last run minus its interval (0 when on time).',
    labelNames: ['job'] as const,
    registers: [this.registry],
    collect: () => {
      this.jobLag.reset();
      const now = Date.now();
      for (const [job, { at, intervalMs }] of this.lastRuns) {
        this.jobLag.set({ job }, Math.max(0, (now - at - intervalMs) / 1000));
      }
    },
  });

  private readonly lastRuns = new Map<string, { at: number; intervalMs: number }>();

  constructor(opts: { processMetrics?: boolean } = {}) {
    const pool = (name: string, help: string, pick: (s: PoolStats) => number) => {
      const gauge: Gauge = new Gauge({
        name,
        help,
        registers: [this.registry],
        collect: () => {
          const stats = this.sources.database?.poolStats?.();
          if (stats) gauge.set(pick(stats));
        },
      });
    };
    pool('velvet_db_pool_connections', 'Connections the database pool holds (PostgreSQL).', (s) => s.total);
    pool('velvet_db_pool_idle', 'Idle connections in the database pool (PostgreSQL).', (s) => s.idle);
    pool(
      'velvet_db_pool_waiting',
      'Requests waiting for a free pool connection (PostgreSQL).',
      (s) => s.waiting,
    );

    const outboxCount: Gauge<'status'> = new Gauge({
      name: 'velvet_outbox_messages',
      help: 'Emails in the outbox by status (pending, sending, failed, uncertain).',
      labelNames: ['status'] as const,
      registers: [this.registry],
      collect: async () => {
        const database = this.sources.database;
        if (!database) return;
        // A scrape still answers while the database is down: the outbox series are left out then.
        let result: unknown;
        try {
          result = await database.db.execute(
            sql`select status, count(*)::int as n, min(created_at)::text as oldest from email_outbox
                where status in ('pending', 'sending', 'failed', 'uncertain') group by status`,
          );
        } catch {
          this.databaseErrors.inc({ kind: 'metrics' });
          outboxCount.reset();
          outboxOldest.reset();
          return;
        }
        const rows = (
          result as unknown as { rows: Array<{ status: string; n: number; oldest: string | null }> }
        ).rows;
        const byStatus = new Map(rows.map((r) => [r.status, r]));
        for (const status of OUTBOX_GAUGE_STATUSES) outboxCount.set({ status }, byStatus.get(status)?.n ?? 0);
        const oldest = byStatus.get('pending')?.oldest;
        outboxOldest.set(oldest ? Math.max(0, (Date.now() - new Date(oldest).getTime()) / 1000) : 0);
      },
    });
    const outboxOldest = new Gauge({
      name: 'velvet_outbox_oldest_pending_seconds',
      help: 'Age of the oldest pending email (0 when none is pending).',
      registers: [this.registry],
    });

    const liveClients: Gauge = new Gauge({
      name: 'velvet_live_clients',
      help: 'Open live-update streams (Server-Sent Events) on this server.',
      registers: [this.registry],
      collect: () => {
        const n = this.sources.liveClients?.();
        if (n !== undefined) liveClients.set(n);
      },
    });

    const indexSize: Gauge = new Gauge({
      name: 'velvet_venue_index_venues',
      help: 'Active venues held by the in-memory venue index.',
      registers: [this.registry],
      collect: () => {
        const state = this.sources.venueIndex?.();
        if (!state) return;
        indexSize.set(state.size);
        indexCurrent.set(state.current ? 1 : 0);
      },
    });
    const indexCurrent = new Gauge({
      name: 'velvet_venue_index_current',
      help: '1 when the venue index answers lists without the database; 0 while it loads or catches up.',
      registers: [this.registry],
    });

    if (opts.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'velvet_' });
  }

  /** Tells the scrape-time gauges where to read (called once the parts exist). */
  readFrom(sources: MetricSources) {
    Object.assign(this.sources, sources);
  }

  /** A background job finished a run (every job calls this, ok or not). */
  jobRan(job: string, intervalMs: number, ok: boolean, at = Date.now()) {
    this.jobRuns.inc({ job, outcome: ok ? 'ok' : 'failed' });
    this.jobLastRun.set({ job }, at / 1000);
    this.lastRuns.set(job, { at, intervalMs });
  }

  /** The text Prometheus reads. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * Serves GET /metrics on a port of its own (METRICS_PORT): the public port never shows them,
   * and a firewall can keep this one private.
   */
  serve(port: number, host: string): Promise<Server> {
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found. Metrics are at /metrics.\n');
        return;
      }
      this.text().then(
        (text) => res.writeHead(200, { 'content-type': this.contentType }).end(text),
        (err: unknown) =>
          res.writeHead(500, { 'content-type': 'text/plain' }).end(`Metrics failed: ${String(err)}\n`),
      );
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve(server));
    });
  }
}
