import type { Server } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

/**
 * How long an idle keep-alive connection stays open (decision 41). Longer than the idle timeout
 * of the clients and proxies in front of the server (browsers keep a connection for minutes,
 * load balancers commonly 60 s), so the client closes an idle connection, never the server at the
 * moment the client sends its next request on it — which the client sees as ECONNRESET (a
 * request lost; a proxy answers 502). Node's default is 5 s (the socket closes at ~6 s).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Slightly above the keep-alive timeout, as Node requires for the two to work together. */
export const HEADERS_TIMEOUT_MS = 66_000;

/**
 * A request must arrive whole within this (Node's default is 300 s): a client trickling its body
 * a byte at a time cannot hold a connection and its memory for minutes. A 10 MB photo needs
 * ~350 KB/s to make it.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Serves `fetch` on node:http with Velvet's connection timeouts. */
export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  options: { port: number; hostname?: string; requestTimeoutMs?: number },
  onListening?: (info: AddressInfo) => void,
): ServerType {
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = serve(
    {
      fetch,
      port: options.port,
      hostname: options.hostname,
      serverOptions: {
        requestTimeout,
        keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
        headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
        // How often Node looks for requests past their timeout (default 30 s): a late request is
        // cut within a second or two of its deadline.
        connectionsCheckingInterval: Math.min(1000, requestTimeout),
      },
    },
    onListening,
  );
  const http = server as Server;
  http.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}
