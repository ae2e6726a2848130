/**
 * A local HTTP server standing in for Stripe's API (the SDK's host/port/protocol options point
 * at it): payment intents, setup intents, customers, refunds and off-session charges; Connect's
 * accounts, account links, transfers and transfer reversals (a transfer takes from the platform's
 * balance, a reversal gives back to it, never more than the transfer holds). Idempotency keys are
 * honoured like Stripe does (same key → same object). It records every request so tests can
 * check what Velvet sent.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, any>;

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Record<string, string>;
}

const CARDS: Record<
  string,
  { brand: string; last4: string; offSession: 'ok' | 'authentication_required' | 'card_declined' }
> = {
  pm_card_visa: { brand: 'visa', last4: '4242', offSession: 'ok' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', offSession: 'authentication_required' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', offSession: 'card_declined' },
};

export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly intents = new Map<string, Obj>();
  readonly setups = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  readonly accounts = new Map<string, Obj>();
  readonly transfers = new Map<string, Obj>();
  /** The status a new refund answers with: Stripe settles some later ('pending', then charge.refunded). */
  refundStatus: 'succeeded' | 'pending' = 'succeeded';
  private readonly byKey = new Map<string, { status: number; body: Obj }>();
  private server: Server | undefined;
  private n = 0;
  port = 0;

  async start() {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.n}` });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as AddressInfo).port;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** What the browser's Stripe.js would do: the guest confirms with a card. */
  succeed(id: string, paymentMethod = 'pm_card_visa') {
    const obj = this.intents.get(id) ?? this.setups.get(id);
    if (!obj) throw new Error(`no such intent ${id}`);
    obj.status = 'succeeded';
    obj.payment_method = paymentMethod;
    return obj;
  }

  /** What Stripe would do when the host finishes onboarding: the account may receive payouts. */
  enablePayouts(accountId: string, enabled = true) {
    const acct = this.accounts.get(accountId);
    if (!acct) throw new Error(`no such account ${accountId}`);
    acct.payouts_enabled = enabled;
    acct.details_submitted = true;
    return { ...acct };
  }

  creates(path: string) {
    return this.requests.filter((r) => r.method === 'POST' && r.path === path);
  }

  private card(pm: string | null, expand: boolean) {
    if (!pm || !expand) return pm;
    const c = CARDS[pm];
    return { id: pm, object: 'payment_method', card: c ? { brand: c.brand, last4: c.last4 } : null };
  }

  private view(obj: Obj, params: Record<string, string>) {
    const expand = Object.entries(params).some(([k, v]) => k.startsWith('expand') && v === 'payment_method');
    return { ...obj, payment_method: this.card(obj.payment_method, expand) };
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: Obj }> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    const params = Object.fromEntries(
      new URLSearchParams(req.method === 'GET' ? url.search : Buffer.concat(chunks).toString()),
    );
    const key = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method!, path: url.pathname, idempotencyKey: key, params });
    if (req.method === 'POST' && key) {
      const seen = this.byKey.get(key);
      if (seen) return seen;
      const answer = this.route(req.method, url.pathname, params);
      this.byKey.set(key, answer);
      return answer;
    }
    return this.route(req.method!, url.pathname, params);
  }

  private metadata(params: Record<string, string>) {
    return Object.fromEntries(
      Object.entries(params)
        .filter(([k]) => k.startsWith('metadata['))
        .map(([k, v]) => [k.slice(9, -1), v]),
    );
  }

  private route(method: string, path: string, params: Record<string, string>): { status: number; body: Obj } {
    const id = (prefix: string) => `${prefix}_test_${++this.n}`;
    const notFound = {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: 'No such object' } },
    };
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      return { status: 200, body: { id: id('cus'), object: 'customer', metadata: this.metadata(params) } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pi: Obj = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(params.amount),
        currency: params.currency,
        customer: params.customer ?? null,
        transfer_group: params.transfer_group ?? null,
        status: 'requires_payment_method',
        payment_method: params.payment_method ?? null,
        metadata: this.metadata(params),
        last_payment_error: null,
      };
      pi.client_secret = `${pi.id}_secret_standin`;
      this.intents.set(pi.id, pi);
      if (params.confirm === 'true' && params.off_session === 'true') {
        const outcome = CARDS[params.payment_method ?? '']?.offSession ?? 'card_declined';
        if (outcome !== 'ok') {
          pi.status = 'requires_payment_method';
          pi.last_payment_error = { code: outcome, message: `Stand-in: ${outcome}` };
          return {
            status: 402,
            body: {
              error: {
                type: 'card_error',
                code: outcome,
                message:
                  outcome === 'authentication_required'
                    ? 'This payment requires authentication.'
                    : 'Your card was declined.',
                payment_intent: pi,
              },
            },
          };
        }
        pi.status = 'succeeded';
      }
      return { status: 200, body: this.view(pi, params) };
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)$/)) && method === 'GET') {
      const pi = this.intents.get(m[1]!);
      return pi ? { status: 200, body: this.view(pi, params) } : notFound;
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/)) && method === 'POST') {
      const pi = this.intents.get(m[1]!);
      if (!pi) return notFound;
      pi.status = 'canceled';
      return { status: 200, body: pi };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const si: Obj = {
        id: id('seti'),
        object: 'setup_intent',
        customer: params.customer ?? null,
        status: 'requires_payment_method',
        payment_method: null,
        usage: params.usage,
        metadata: this.metadata(params),
        last_setup_error: null,
      };
      si.client_secret = `${si.id}_secret_standin`;
      this.setups.set(si.id, si);
      return { status: 200, body: si };
    }
    if ((m = path.match(/^\/v1\/setup_intents\/([^/]+)$/)) && method === 'GET') {
      const si = this.setups.get(m[1]!);
      return si ? { status: 200, body: this.view(si, params) } : notFound;
    }
    if ((m = path.match(/^\/v1\/setup_intents\/([^/]+)\/cancel$/)) && method === 'POST') {
      const si = this.setups.get(m[1]!);
      if (!si) return notFound;
      si.status = 'canceled';
      return { status: 200, body: si };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const acct = {
        id: id('acct'),
        object: 'account',
        type: params.type,
        email: params.email ?? null,
        payouts_enabled: false,
        details_submitted: false,
        metadata: this.metadata(params),
      };
      this.accounts.set(acct.id, acct);
      return { status: 200, body: acct };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!this.accounts.has(params.account ?? '')) return notFound;
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `https://connect.stripe.test/setup/e/${params.account}/${++this.n}`,
          return_url: params.return_url,
          refresh_url: params.refresh_url,
        },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const dest = this.accounts.get(params.destination ?? '');
      if (!dest) return notFound;
      if (!dest.payouts_enabled) {
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', message: 'The destination cannot receive transfers.' },
          },
        };
      }
      const tr: Obj = {
        id: id('tr'),
        object: 'transfer',
        amount: Number(params.amount),
        amount_reversed: 0,
        currency: params.currency,
        destination: dest.id,
        transfer_group: params.transfer_group ?? null,
        metadata: this.metadata(params),
        reversals: [],
      };
      this.transfers.set(tr.id, tr);
      return { status: 200, body: tr };
    }
    if ((m = path.match(/^\/v1\/transfers\/([^/]+)\/reversals$/)) && method === 'POST') {
      const tr = this.transfers.get(m[1]!);
      if (!tr) return notFound;
      const amount = Number(params.amount ?? tr.amount - tr.amount_reversed);
      if (amount > tr.amount - tr.amount_reversed) {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'Reversal exceeds the transfer.' } },
        };
      }
      tr.amount_reversed += amount;
      const trr = { id: id('trr'), object: 'transfer_reversal', amount, transfer: tr.id };
      tr.reversals.push(trr);
      return { status: 200, body: trr };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = this.intents.get(params.payment_intent ?? '');
      if (!pi || pi.status !== 'succeeded') return notFound;
      const re = {
        id: id('re'),
        object: 'refund',
        amount: Number(params.amount),
        payment_intent: pi.id,
        status: this.refundStatus,
      };
      this.refunds.set(re.id, re);
      return { status: 200, body: re };
    }
    return notFound;
  }
}
