import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

export type Logger = pino.Logger;

/**
 * The request being handled: its id, for every log line written while handling it, and the
 * address it came from, for the audit trail (services/audit).
 */
export const requestScope = new AsyncLocalStorage<{ requestId: string; address: string }>();

export interface LogEntry {
  time: string;
  level: 'warn' | 'error' | 'fatal';
  msg: string;
  request_id: string | null;
  /** The error's type and message (never its stack or request bodies). */
  err: string | null;
  /** A few scalar fields of the line (ids, paths, counts). */
  context: Record<string, string | number | boolean>;
}

const LEVEL_NAMES: Record<number, LogEntry['level']> = { 40: 'warn', 50: 'error', 60: 'fatal' };
const SKIP = new Set(['level', 'time', 'msg', 'err', 'request_id', 'pid', 'hostname']);

/**
 * The latest warnings and errors of this process, newest last, in a bounded ring (the admin's
 * Server errors section). Fed by the pino logger as a second stream; holds at most `size` lines.
 */
export class LogRing {
  private readonly entries: LogEntry[] = [];
  private seq = 0;
  constructor(readonly size = 200) {}

  /** pino calls this with each serialized line at warn or above. */
  write(line: string) {
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    const level = LEVEL_NAMES[Number(raw.level)];
    if (!level) return;
    const err = raw.err as { type?: string; message?: string } | undefined;
    const context: LogEntry['context'] = {};
    for (const [k, v] of Object.entries(raw)) {
      if (SKIP.has(k) || Object.keys(context).length >= 8) continue;
      if (typeof v === 'string') context[k] = v.slice(0, 300);
      else if (typeof v === 'number' || typeof v === 'boolean') context[k] = v;
    }
    this.entries.push({
      time: new Date(Number(raw.time) || Date.now()).toISOString(),
      level,
      msg: String(raw.msg ?? '').slice(0, 500),
      request_id: typeof raw.request_id === 'string' ? raw.request_id : null,
      err: err ? `${err.type ?? 'Error'}: ${String(err.message ?? '').slice(0, 500)}` : null,
      context,
    });
    this.seq++;
    if (this.entries.length > this.size) this.entries.splice(0, this.entries.length - this.size);
  }

  /** Newest first. */
  list(limit = this.size): LogEntry[] {
    return this.entries.slice(-limit).reverse();
  }

  /** How many lines were ever written (lets a client see that something new arrived). */
  get total() {
    return this.seq;
  }

  clear() {
    this.entries.length = 0;
  }
}

const rings = new WeakMap<Logger, LogRing>();

/** The ring a logger made by createLogger feeds. */
export const logRingOf = (log: Logger): LogRing | undefined => rings.get(log);

export function createLogger(level: string, pretty = false): Logger {
  const ring = new LogRing();
  const streams: pino.StreamEntry[] = [{ level: 'warn', stream: ring }];
  if (level !== 'silent') {
    const out = pretty
      ? pino.transport({ target: 'pino-pretty', options: { colorize: true, ignore: 'time' } })
      : pino.destination(1);
    streams.push({ level: level as pino.Level, stream: out });
  }
  // The logger writes at its configured level or warn, whichever is more verbose, so the ring
  // keeps warnings even when the console is quieter.
  const order = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
  const effective = order.indexOf(level) < order.indexOf('warn') ? level : 'warn';
  const log = pino(
    {
      level: effective,
      base: undefined,
      redact: {
        paths: ['password', '*.password', 'headers.cookie', 'token', '*.token', 'secret', '*.secret'],
        censor: '[redacted]',
      },
      mixin: () => {
        const scope = requestScope.getStore();
        return scope ? { request_id: scope.requestId } : {};
      },
    },
    pino.multistream(streams),
  );
  rings.set(log, ring);
  return log;
}
