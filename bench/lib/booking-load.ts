/**
 * The mixed booking load of issue 15, against a running server: every guest requests 1–3
 * bookings on overlapping two-hour slots of random venues (with an Idempotency-Key each), every
 * host keeps approving the pending requests of its venue (an overlap loses with 409), and a guest
 * pays each booking as soon as its approval was answered (create-payment with an Idempotency-Key,
 * then the built-in processor's card form). Every answer is recorded, 2xx or not.
 *
 * With `retry`, a request that met no server (connection refused or cut: status 0), a 503, or a
 * 409 "still being processed" is sent again, the same body and key, after its Retry-After —
 * what a client does across a crash or a database outage.
 */
import type { Account } from './load-world';

export type Kind = 'request' | 'approve' | 'create-payment' | 'confirm' | 'host-list';

export interface Answer {
  kind: Kind;
  /** 0: no answer (connection refused, reset, or the client's own 30 s timeout). */
  status: number;
  /** Since the load started. */
  at: number;
  ms: number;
  body: any;
}

export interface LoadOptions {
  base: string;
  hosts: Account[];
  guests: Account[];
  venues: string[];
  /** A word in every Idempotency-Key and booking text, so runs on one database never meet. */
  run: string;
  retry?: boolean;
  seed?: number;
}

export interface RequestSent {
  guest: number;
  key: string;
  /** The booking the API answered 201 with (undefined: no 2xx answer). */
  id?: string;
}

export interface LoadResult {
  answers: Answer[];
  requests: RequestSent[];
  /** Bookings whose approval was answered 200. */
  approved: Set<string>;
  /** Bookings whose card payment was answered `succeeded`, with the intent id. */
  paid: Map<string, string>;
  ms: number;
}

const CARD = { number: '4242 4242 4242 4242', name: 'Load Guest', exp_month: 12, exp_year: 2034, cvc: '123' };
const RETRY_FOR_MS = 120_000;

/** A small deterministic PRNG (mulberry32), so every run asks for the same slots. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class BookingLoad {
  readonly answers: Answer[] = [];
  readonly requests: RequestSent[] = [];
  readonly approved = new Set<string>();
  readonly paid = new Map<string, string>();
  private readonly waiters: Array<{ n: number; resolve: () => void }> = [];
  /** performance.now() when the load started; answers' `at` count from it. */
  startedAt = 0;

  constructor(private readonly opts: LoadOptions) {}

  /** Resolves once `n` answers (of any status) were recorded. */
  whenAnswers(n: number) {
    return new Promise<void>((resolve) => {
      if (this.answers.length >= n) resolve();
      else this.waiters.push({ n, resolve });
    });
  }

  private record(a: Answer) {
    this.answers.push(a);
    for (const w of [...this.waiters]) {
      if (this.answers.length >= w.n) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  }

  /** One HTTP call, recorded; with `retry`, sent again until it gets a final answer. */
  private async send(kind: Kind, path: string, cookie: string | null, json?: unknown, key?: string) {
    const first = performance.now();
    for (;;) {
      const t = performance.now();
      let status = 0;
      let body: any;
      let retryAfter = 0.5;
      try {
        const res = await fetch(`${this.opts.base}${path}`, {
          method: json === undefined ? 'GET' : 'POST',
          headers: {
            origin: this.opts.base,
            ...(json === undefined ? {} : { 'content-type': 'application/json' }),
            ...(cookie ? { cookie } : {}),
            ...(key ? { 'idempotency-key': key } : {}),
          },
          body: json === undefined ? undefined : JSON.stringify(json),
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        const text = await res.text();
        body = text ? JSON.parse(text) : null;
        retryAfter = Number(res.headers.get('retry-after') ?? 0.5) || 0.5;
      } catch (err) {
        body = { error: { message: String((err as Error).cause ?? err) } };
      }
      this.record({ kind, status, at: t - this.startedAt, ms: performance.now() - t, body });
      const again =
        status === 0 || status === 503 || (status === 409 && body?.error?.code === 'IDEMPOTENCY_IN_PROGRESS');
      if (!this.opts.retry || !again || performance.now() - first > RETRY_FOR_MS) return { status, body };
      await sleep(Math.min(retryAfter, 2) * 1000);
    }
  }

  async run(): Promise<LoadResult> {
    const { hosts, guests, venues, run } = this.opts;
    const random = prng(this.opts.seed ?? 15);
    this.startedAt = performance.now();
    const payments: Array<Promise<void>> = [];
    const ownerOf = new Map<string, number>();

    const pay = async (bookingId: string) => {
      const guest = guests[ownerOf.get(bookingId)!]!;
      const started = await this.send(
        'create-payment',
        '/api/create-payment',
        guest.cookie,
        {
          amount: 1,
          currency: 'usd',
          isMinimumSpend: false,
          metadata: {
            booking_id: bookingId,
            venue_id: 'x',
            user_id: 'x',
            user_email: 'x',
            pricing_type: 'x',
          },
        },
        `${run}-pay-${bookingId}`,
      );
      if (started.status !== 200) return;
      const confirmed = await this.send('confirm', '/api/local-processor/confirm', null, {
        client_secret: started.body.clientSecret,
        card: CARD,
      });
      if (confirmed.status === 200 && confirmed.body?.status === 'succeeded') {
        this.paid.set(bookingId, confirmed.body.intent_id);
      }
    };

    // Guests: 1–3 requests each, spread over the first seconds, on 2-hour slots that overlap.
    const plans = guests.map((_, g) =>
      Array.from({ length: 1 + Math.floor(random() * 3) }, (_, n) => {
        const day = new Date(Date.UTC(2031, 4, 5 + Math.floor(random() * 3)));
        const start = 12 + Math.floor(random() * 9);
        return {
          wait: random() * 1500,
          key: `${run}-g${g}-r${n}`,
          body: {
            venue_id: venues[Math.floor(random() * venues.length)]!,
            date: day.toISOString().slice(0, 10),
            start_time: `${start}:00`,
            end_time: `${start + 2}:00`,
            guest_count: 10,
            contact_phone: '+1 555 0100',
          },
        };
      }),
    );
    let requesting = true;
    const guestTasks = plans.map(async (plan, g) => {
      for (const p of plan) {
        await sleep(p.wait);
        const sent: RequestSent = { guest: g, key: p.key };
        this.requests.push(sent);
        const res = await this.send(
          'request',
          '/api/bookings',
          guests[g]!.cookie,
          { ...p.body, special_requests: `Load run ${p.key}` },
          p.key,
        );
        if (res.status === 201) {
          sent.id = res.body.id;
          ownerOf.set(res.body.id, g);
          // Approved before this answer arrived: the guest pays it now.
          if (this.approved.has(res.body.id)) payments.push(pay(res.body.id));
        }
      }
    });
    void Promise.all(guestTasks).then(() => (requesting = false));

    // Hosts: list the requests awaiting their answer (the inbox's first 100), approve them, until
    // nothing is left to try.
    const hostTasks = hosts.map(async (host) => {
      const tried = new Set<string>();
      for (;;) {
        const wasRequesting = requesting;
        const list = await this.send(
          'host-list',
          '/api/host/bookings?status=awaiting&limit=100',
          host.cookie,
        );
        const pending = ((list.body?.bookings ?? []) as Array<{ id: string; status: string }>).filter(
          (b) => b.status === 'pending' && !tried.has(b.id),
        );
        for (const b of pending) {
          const res = await this.send('approve', `/api/bookings/${b.id}/approve`, host.cookie, {});
          if (res.status === 200) {
            tried.add(b.id);
            this.approved.add(b.id);
            // The guest learns it (an email, a live update) and pays.
            if (ownerOf.has(b.id)) payments.push(pay(b.id));
          } else if (res.status !== 0 && res.status < 500) tried.add(b.id);
        }
        if (!wasRequesting && list.status === 200 && pending.length === 0) return;
        await sleep(400);
      }
    });
    await Promise.all(guestTasks);
    await Promise.all(hostTasks);
    await Promise.all(payments);
    return {
      answers: this.answers,
      requests: this.requests,
      approved: this.approved,
      paid: this.paid,
      ms: performance.now() - this.startedAt,
    };
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;

/** Lines: req/s, p50/p99 per kind, answers by status per kind. */
export function summarize(result: Pick<LoadResult, 'answers' | 'ms'>): string[] {
  const lines = [
    `${result.answers.length} answers in ${(result.ms / 1000).toFixed(1)} s: ${((result.answers.length * 1000) / result.ms).toFixed(0)} req/s`,
  ];
  const kinds: Kind[] = ['request', 'approve', 'create-payment', 'confirm', 'host-list'];
  for (const kind of kinds) {
    const of = result.answers.filter((a) => a.kind === kind);
    if (!of.length) continue;
    const ms = of.map((a) => a.ms).sort((a, b) => a - b);
    const byStatus = new Map<number, number>();
    for (const a of of) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    const statuses = [...byStatus]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s || 'no answer'}×${n}`)
      .join(' ');
    lines.push(
      `  ${kind.padEnd(14)} n=${String(of.length).padEnd(5)} p50 ${quantile(ms, 0.5).toFixed(0).padStart(5)} ms  p99 ${quantile(ms, 0.99).toFixed(0).padStart(5)} ms  max ${ms[ms.length - 1]!.toFixed(0).padStart(5)} ms  ${statuses}`,
    );
  }
  const reasons = new Map<string, number>();
  for (const a of result.answers) {
    if (a.status !== 0 && a.status < 500) continue;
    const why = `${a.status || 'no answer'} ${String(a.body?.error?.message ?? '(no message)').slice(0, 90)}`;
    reasons.set(why, (reasons.get(why) ?? 0) + 1);
  }
  for (const [why, n] of [...reasons].sort((a, b) => b[1] - a[1])) lines.push(`  ${n}× ${why}`);
  return lines;
}
