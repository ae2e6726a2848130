import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppContext } from '../context';

/** The address a request came from (the proxy's record of it when TRUST_PROXY is on). */
export function clientAddress(
  ctx: { config: Pick<AppContext['config'], 'TRUST_PROXY'> },
  c: Context,
): string {
  if (ctx.config.TRUST_PROXY) {
    // The right-most entry was added by our own proxy; entries to its left are the client's to invent.
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
