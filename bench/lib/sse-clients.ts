/**
 * The client side of bench/sse-fanout.ts, run as its own process so that reading 10,000 streams
 * does not share the server's event loop. Each client is a raw TCP socket that sends
 * `GET /api/events` (with a session cookie or none) and only looks for `event:` lines: no
 * EventSource, no HTTP parser, a few bytes of state per client.
 *
 * Messages from the orchestrator (IPC):
 *   { type: 'open', port, n, cookies, signedInEvery } → { type: 'opened', ready, failed, ms }
 *   { type: 'arm', event }    → { type: 'armed' }, then { type: 'all', at } once every open client
 *                               has received an `event: <event>` frame since (at: wall clock, ms)
 *   { type: 'count' }         → { type: 'count', got, open }
 *   { type: 'close' }         → { type: 'closed' }
 */
import net from 'node:net';

interface Client {
  socket: net.Socket;
  ready: boolean;
  got: boolean;
  /** The end of the previous chunk, so a frame split between two reads is still seen. */
  tail: string;
}

const clients = new Set<Client>();
let expected = '';
let got = 0;
let armed = false;
let readyCount = 0;

const now = () => performance.timeOrigin + performance.now();
const send = (msg: object) => process.send!(msg);

function checkAll() {
  if (armed && got >= clients.size) {
    armed = false;
    send({ type: 'all', at: now() });
  }
}

function openOne(port: number, cookie: string | null): Promise<Client | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    const client: Client = { socket, ready: false, got: false, tail: '' };
    let settled = false;
    const settle = (c: Client | null) => {
      if (settled) return;
      settled = true;
      resolve(c);
    };
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      socket.write(
        `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n` +
          (cookie ? `Cookie: ${cookie}\r\n` : '') +
          '\r\n',
      );
    });
    socket.on('data', (chunk: string) => {
      const text = client.tail + chunk;
      client.tail = text.slice(-24);
      if (!client.ready && text.includes('event: ready')) {
        client.ready = true;
        readyCount++;
        clients.add(client);
        settle(client);
      }
      if (armed && !client.got && text.includes(expected)) {
        client.got = true;
        got++;
        checkAll();
      }
    });
    const gone = () => {
      if (clients.delete(client)) {
        if (client.got) got--;
        checkAll();
      }
      settle(null);
    };
    socket.on('error', gone);
    socket.on('close', gone);
  });
}

async function open(port: number, n: number, cookies: string[], signedInEvery: number) {
  const started = now();
  let failed = 0;
  let next = 0;
  // A bounded number of connections being set up at once (the listen backlog is finite).
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const cookie = signedInEvery > 0 && i % signedInEvery === 0 ? cookies[i % cookies.length]! : null;
      if (!(await openOne(port, cookie))) failed++;
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  send({ type: 'opened', ready: readyCount, failed, ms: now() - started });
}

process.on('message', (msg: Record<string, unknown>) => {
  switch (msg.type) {
    case 'open':
      void open(msg.port as number, msg.n as number, msg.cookies as string[], msg.signedInEvery as number);
      break;
    case 'arm':
      expected = `event: ${msg.event as string}`;
      got = 0;
      for (const c of clients) {
        c.got = false;
        c.tail = '';
      }
      armed = true;
      send({ type: 'armed' });
      break;
    case 'count':
      send({ type: 'count', got, open: clients.size });
      break;
    case 'close':
      armed = false;
      for (const c of clients) c.socket.destroy();
      clients.clear();
      readyCount = 0;
      send({ type: 'closed' });
      break;
  }
});
