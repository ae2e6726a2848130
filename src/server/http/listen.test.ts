import net, { type AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS, listen } from './listen';

/** Sends one GET on the socket and resolves with the raw answer once it is complete. */
function get(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text);
      if (end >= 0 && length && text.length >= end + 4 + Number(length[1])) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: velvet.test\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe('listen (decision 41)', () => {
  let server: ServerType | undefined;
  afterEach(async () => {
    (server as unknown as { closeAllConnections(): void } | undefined)?.closeAllConnections();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    server = undefined;
  });

  async function start(requestTimeoutMs?: number) {
    server = listen(
      async (req) => {
        await req.arrayBuffer();
        return new Response('ok', { headers: { 'content-length': '2' } });
      },
      { port: 0, hostname: '127.0.0.1', requestTimeoutMs },
    );
    await new Promise((r) => server!.once('listening', r));
    const { port } = server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    return socket;
  }

  it('tells clients how long an idle connection stays open', async () => {
    const socket = await start();
    const answer = await get(socket, '/');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(
      new RegExp(`\\r\\nKeep-Alive: timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}\\r\\n`, 'i'),
    );
    socket.destroy();
  });

  it('keeps an idle connection past Node’s default (5 s, closed at ~6 s), so a request sent on it is not reset', async () => {
    const socket = await start();
    let closedAt: number | null = null;
    socket.once('close', () => (closedAt = performance.now()));
    expect(await get(socket, '/first')).toMatch(/^HTTP\/1\.1 200/);
    await new Promise((r) => setTimeout(r, 7000));
    expect(closedAt).toBeNull();
    expect(await get(socket, '/second')).toMatch(/^HTTP\/1\.1 200/);
    socket.destroy();
  }, 15_000);

  it('cuts a request whose body trickles in past the request timeout (408, connection closed)', async () => {
    const socket = await start(1500);
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    const closed = new Promise<number>((r) => socket.once('close', () => r(performance.now())));
    const started = performance.now();
    socket.write('POST /slow HTTP/1.1\r\nHost: velvet.test\r\nContent-Length: 1000\r\n\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('x'), 200);
    const at = await closed;
    clearInterval(trickle);
    expect(at - started).toBeLessThan(4000); // the timeout (1.5 s) plus one check interval
    expect(text).toMatch(/^HTTP\/1\.1 408/);
  }, 10_000);

  it('uses 30 s by default, never Node’s 300 s', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    await start();
    expect((server as unknown as { requestTimeout: number }).requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  });
});
