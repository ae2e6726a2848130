/**
 * The real server (src/server/main.ts under tsx) as a child process, for the load and fault
 * benchmarks: start it on a data directory or a PostgreSQL URL, wait until /api/health answers,
 * kill it (SIGKILL: no shutdown code runs) or stop it (SIGTERM), and start it again on the same
 * port and database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const p = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return p;
}

export interface ServerOptions {
  dataDir: string;
  /** PostgreSQL; the embedded PGlite in dataDir when left out. */
  databaseUrl?: string;
  smtpUrl?: string;
  env?: Record<string, string>;
}

export class ServerProcess {
  child: ChildProcess | null = null;
  port = 0;
  output = '';
  readonly secret = randomBytes(32).toString('hex');
  /** The bank-details key (required in production with DATABASE_URL; decision 59). */
  readonly encryptionKey = randomBytes(32).toString('hex');

  constructor(private readonly opts: ServerOptions) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server (on the previous port when restarting) and waits until it is healthy. */
  async start(deadlineMs = 90_000): Promise<number> {
    if (!this.port) this.port = await freePort();
    const started = performance.now();
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${this.port}`,
      DATA_DIR: this.opts.dataDir,
      SEED_DEMO: 'false',
      VELVET_NO_STATIC: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'false',
      DATABASE_URL: this.opts.databaseUrl ?? '',
      SMTP_URL: this.opts.smtpUrl ?? '',
      AUTH_SECRET: this.secret,
      DATA_ENCRYPTION_KEY: this.opts.databaseUrl ? this.encryptionKey : '',
      ...this.opts.env,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env });
    this.child = child;
    child.stdout!.on('data', (d) => (this.output += d));
    child.stderr!.on('data', (d) => (this.output += d));
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${this.tail()}`);
      try {
        const res = await fetch(`${this.base}/api/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        /* not up yet */
      }
      if (performance.now() - started > deadlineMs) throw new Error(`server did not start:\n${this.tail()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** SIGKILL: the process is gone at once, in the middle of whatever it was doing. */
  async kill() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, and waits for the exit code (the graceful shutdown). */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    return exited;
  }

  tail(lines = 40) {
    return this.output.split('\n').slice(-lines).join('\n');
  }
}
