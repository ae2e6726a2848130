/**
 * A real SMTP server on 127.0.0.1 for the delivery tests (the `smtp-server` package), started by
 * the test itself. It keeps every message it accepts (parsed into headers, text and HTML), can be
 * told to refuse the next N messages or a sender address, and can be stopped and started again
 * on the same port (SMTP "down for a while").
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  /** The MIME attachments (parts with a file name), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(s: string): string {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, at)), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Text and HTML parts of a (possibly multipart/alternative) message. */
export function parseMail(raw: string): Omit<ReceivedMail, 'from' | 'to' | 'raw'> {
  const { headers, body } = splitPart(raw);
  let text = '';
  let html = '';
  const attachments: ReceivedMail['attachments'] = [];
  const visit = (h: Record<string, string>, b: string) => {
    const type = (h['content-type'] ?? 'text/plain').toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(h['content-type'] ?? '')?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const p = splitPart(part.replace(/^\r?\n/, ''));
        visit(p.headers, p.body);
      }
    } else if (/filename="?([^";]+)"?/i.test(h['content-disposition'] ?? '')) {
      const enc = (h['content-transfer-encoding'] ?? '').toLowerCase();
      attachments.push({
        filename: /filename="?([^";]+)"?/i.exec(h['content-disposition']!)![1]!,
        contentType: type.split(';')[0]!.trim(),
        content: enc === 'base64' ? Buffer.from(b.replace(/\s+/g, ''), 'base64') : Buffer.from(b, 'binary'),
      });
    } else if (type.startsWith('text/html')) html = decodeBody(h, b);
    else if (type.startsWith('text/plain')) text = decodeBody(h, b);
  };
  visit(headers, body);
  return {
    headers,
    subject: decodeWords(headers.subject ?? ''),
    messageId: headers['message-id'] ?? '',
    text: text.trim(),
    html,
    attachments,
  };
}

export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** Refuse this many DATA commands (451, temporary) before accepting again. */
  refuseNext = 0;
  /** DATA commands refused so far. */
  refused = 0;
  /** Sender addresses refused at MAIL FROM (553). */
  readonly refusedSenders = new Set<string>();
  port = 0;
  private server: SMTPServer | null = null;

  private create() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onMailFrom: (address, _session, callback) => {
        if (this.refusedSenders.has(address.address.toLowerCase())) {
          const err = new Error('Sender address rejected: not owned by this account') as Error & {
            responseCode: number;
          };
          err.responseCode = 553;
          return callback(err);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.refuseNext > 0) {
            this.refuseNext--;
            this.refused++;
            const err = new Error('Try again later: mailbox busy') as Error & { responseCode: number };
            err.responseCode = 451;
            return callback(err);
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            ...parseMail(raw),
          });
          callback();
        });
      },
    });
  }

  /** Starts listening (on the previous port when restarting). */
  async start(): Promise<void> {
    const server = this.create();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
}
