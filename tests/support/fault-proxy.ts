/**
 * A TCP proxy to PostgreSQL for the fault tests and benchmarks (issue 15): 'up' pipes bytes,
 * `stop()` closes the listener and every connection (new connections are refused), `pause()`
 * keeps accepting but silently drops every byte in both directions (a network that loses
 * packets), `resume()` / `restart()` bring it back. Used by tests/database-faults.test.ts,
 * tests/database-outages-under-load.test.ts and bench/bookings-faults.ts.
 */
import net from 'node:net';

export class FaultProxy {
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  mode: 'up' | 'paused' = 'up';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** A proxy to the host and port of a postgres:// URL. */
  static forUrl(url: string) {
    const target = new URL(url);
    return new FaultProxy(target.hostname, Number(target.port || 5432));
  }

  /** `url` with its host and port replaced by this proxy's. */
  via(url: string) {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async start(port = 0) {
    this.server = net.createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => undefined);
      const upstream = net.connect(this.targetPort, this.targetHost);
      this.sockets.add(upstream);
      upstream.on('close', () => this.sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
      client.on('data', (d) => {
        if (this.mode === 'up') upstream.write(d);
      });
      upstream.on('data', (d) => {
        if (this.mode === 'up') client.write(d);
      });
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server!.address() as net.AddressInfo).port;
  }

  /** Closes the listener and every connection: new connections are refused. */
  async stop() {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Restarts on the same port. */
  async restart() {
    this.mode = 'up';
    await this.start(this.port);
  }

  /** Packets are silently dropped from now on (connections stay open, nothing arrives). */
  pause() {
    this.mode = 'paused';
  }

  /**
   * The network is back. The connections that lost bytes meanwhile are out of step with the
   * protocol, so they are closed (the pool replaces them); new ones work at once.
   */
  resume() {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    this.mode = 'up';
  }
}
