/*
 * Operations › the email tools of SPEC §2: Email Test (Email System Test: POST /api/test-email,
 * which tries each configured sender), Simple Email Test (POST /api/send-email) and Fetch Email
 * Test (a raw fetch of either endpoint, exactly as a client would send it, with the raw answer).
 * Each requires an address ('Please enter an email address.'); buttons are disabled without one
 * or while busy; each step goes to the Email Test Logs panel with its time.
 */
import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { TEST_ADDRESS_REQUIRED } from '@/domain/schemas';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '@/web/lib/api';
import { ListSelect } from '../ListControls';
import { queryKeys } from '@/web/lib/queryKeys';
import { emailTools } from './data';
import type { EmailLogs } from './EmailLogs';

const DEFAULT_SUBJECT = 'Velvet test email';
const DEFAULT_HTML =
  '<h2>Velvet email test</h2>\n<p>If you can read this, email delivery from Velvet works.</p>';

function AddressField({
  id,
  value,
  onChange,
  onBlur,
  showRequired,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  showRequired: boolean;
  disabled: boolean;
}) {
  return (
    <FormField
      id={id}
      label="Recipient email"
      error={showRequired && !value.trim() ? TEST_ADDRESS_REQUIRED : undefined}
    >
      <Input
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="name@example.com"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        disabled={disabled}
      />
    </FormField>
  );
}

function useAddress(logs: EmailLogs) {
  const [to, setTo] = useState('');
  const [touched, setTouched] = useState(false);
  /** False (and the SPEC's message shown and logged) when no address was entered. */
  const check = () => {
    setTouched(true);
    if (to.trim()) return true;
    logs.add('error', TEST_ADDRESS_REQUIRED);
    return false;
  };
  return { to: to.trim(), raw: to, setTo, showRequired: touched, touch: () => setTouched(true), check };
}

/** Email Test (Email System Test): the full test through the outbox and the sender fallbacks. */
export function EmailSystemTest({ logs }: { logs: EmailLogs }) {
  const address = useAddress(logs);
  const [subject, setSubject] = useState(DEFAULT_SUBJECT);
  const [html, setHtml] = useState(DEFAULT_HTML);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !address.check()) return;
    setBusy(true);
    logs.add('info', `Email system test to ${address.to} started.`);
    logs.add('info', 'POST /api/test-email — queuing the message in the outbox…');
    try {
      const r = await emailTools.testEmail({
        to: address.to,
        subject: subject || undefined,
        html: html || undefined,
      });
      logs.add('info', `Queued as outbox message ${r.id.slice(0, 8)} (transport: ${r.transport}).`);
      if (r.senders.length) logs.add('info', `Sender addresses to try, in order: ${r.senders.join(' → ')}.`);
      if (r.last_error?.startsWith('Refused senders')) logs.add('error', r.last_error);
      if (r.success) {
        logs.add(
          'success',
          `Sent from ${r.sent_from ?? 'the default sender'} after ${r.attempts} attempt(s).`,
        );
        if (r.message_id) logs.add('info', `Message-ID ${r.message_id}`);
      } else if (r.status === 'pending' && r.attempts === 0) {
        logs.add('info', 'Not sent yet: the outbox worker has not picked it up. Follow it in the Outbox.');
      } else {
        logs.add(
          'error',
          `Not delivered yet (${r.status}): ${r.last_error ?? 'no error recorded'}. It is retried with backoff.`,
        );
      }
    } catch (error) {
      const status = isApiError(error) ? ` (HTTP ${error.status})` : '';
      logs.add('error', `Test email failed${status}: ${errorMessage(error, 'Could not reach the server.')}`);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox });
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-labelledby="email-system-test-heading">
      <div>
        <h3 id="email-system-test-heading" className="text-lg font-semibold">
          Email Test (Email System Test)
        </h3>
        <p className="text-sm text-muted-foreground">
          Sends a test message through the outbox, trying each configured sender address in turn, and reports
          which one worked.
        </p>
      </div>
      <AddressField
        id="system-test-to"
        value={address.raw}
        onChange={address.setTo}
        onBlur={address.touch}
        showRequired={address.showRequired}
        disabled={busy}
      />
      <FormField id="system-test-subject" label="Subject">
        <Input value={subject} onChange={(e) => setSubject(e.target.value)} disabled={busy} />
      </FormField>
      <FormField id="system-test-html" label="HTML message" hint="Sanitised by the server before sending.">
        <Textarea
          rows={4}
          value={html}
          onChange={(e) => setHtml(e.target.value)}
          disabled={busy}
          className="font-mono text-xs"
        />
      </FormField>
      <div>
        <Button type="submit" disabled={busy || !address.to}>
          <Send aria-hidden="true" />
          {busy ? 'Sending...' : 'Send Test Email'}
        </Button>
      </div>
    </form>
  );
}

/** Simple Email Test: one address, one click, POST /api/send-email. */
export function SimpleEmailTest({ logs }: { logs: EmailLogs }) {
  const address = useAddress(logs);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !address.check()) return;
    setBusy(true);
    logs.add('info', `Simple email test to ${address.to}: POST /api/send-email…`);
    try {
      const r = await emailTools.sendEmail({
        to: address.to,
        subject: 'Velvet simple email test',
        html: '<p>This is a simple test email from Velvet.</p>',
      });
      logs.add(
        'success',
        `Accepted and queued as outbox message ${r.id.slice(0, 8)}; the worker sends it within seconds.`,
      );
    } catch (error) {
      const status = isApiError(error) ? ` (HTTP ${error.status})` : '';
      logs.add(
        'error',
        `Simple email test failed${status}: ${errorMessage(error, 'Could not reach the server.')}`,
      );
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox });
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-labelledby="simple-email-test-heading">
      <div>
        <h3 id="simple-email-test-heading" className="text-lg font-semibold">
          Simple Email Test
        </h3>
        <p className="text-sm text-muted-foreground">Sends a short fixed message to one address.</p>
      </div>
      <AddressField
        id="simple-test-to"
        value={address.raw}
        onChange={address.setTo}
        onBlur={address.touch}
        showRequired={address.showRequired}
        disabled={busy}
      />
      <div>
        <Button type="submit" disabled={busy || !address.to}>
          <Send aria-hidden="true" />
          {busy ? 'Sending...' : 'Send Simple Test'}
        </Button>
      </div>
    </form>
  );
}

const ENDPOINTS = [
  { value: '/api/test-email', label: 'POST /api/test-email' },
  { value: '/api/send-email', label: 'POST /api/send-email' },
];

interface RawAnswer {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: string;
  ms: number;
}

const SHOWN_HEADERS = ['content-type', 'retry-after', 'x-request-id'];

/** Fetch Email Test: the public endpoint called with fetch() exactly as a client would. */
export function FetchEmailTest({ logs }: { logs: EmailLogs }) {
  const address = useAddress(logs);
  const [endpoint, setEndpoint] = useState(ENDPOINTS[0]!.value);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<RawAnswer | null>(null);
  const queryClient = useQueryClient();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !address.check()) return;
    setBusy(true);
    const body = {
      to: address.to,
      subject: 'Velvet fetch email test',
      html: '<p>Sent with fetch() from the admin dashboard.</p>',
    };
    logs.add('info', `fetch('${endpoint}', { method: 'POST', body: ${JSON.stringify(body)} })`);
    const started = performance.now();
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'include',
        body: JSON.stringify(body),
      });
      const text = await res.text();
      const ms = Math.round(performance.now() - started);
      const headers = SHOWN_HEADERS.flatMap((h) =>
        res.headers.get(h) ? [[h, res.headers.get(h)!] as [string, string]] : [],
      );
      setAnswer({ status: res.status, statusText: res.statusText, headers, body: text, ms });
      if (res.ok) logs.add('success', `HTTP ${res.status} in ${ms} ms.`);
      else {
        let message = `HTTP ${res.status}`;
        try {
          message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message;
        } catch {
          /* not JSON: the status is the message (SPEC §7) */
        }
        logs.add('error', `HTTP ${res.status} in ${ms} ms: ${message}`);
      }
    } catch (error) {
      setAnswer(null);
      logs.add('error', `fetch failed: ${(error as Error).message}`);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox });
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-labelledby="fetch-email-test-heading">
      <div>
        <h3 id="fetch-email-test-heading" className="text-lg font-semibold">
          Fetch Email Test
        </h3>
        <p className="text-sm text-muted-foreground">
          Calls the public endpoint with a plain fetch() and shows the raw answer: status, headers and body.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <AddressField
          id="fetch-test-to"
          value={address.raw}
          onChange={address.setTo}
          onBlur={address.touch}
          showRequired={address.showRequired}
          disabled={busy}
        />
        <ListSelect
          value={endpoint}
          onChange={setEndpoint}
          options={ENDPOINTS}
          label="Endpoint"
          className="sm:w-60"
        />
      </div>
      <div>
        <Button type="submit" disabled={busy || !address.to}>
          <Send aria-hidden="true" />
          {busy ? 'Sending...' : 'Send with fetch()'}
        </Button>
      </div>
      {answer && (
        <div className="grid gap-2" data-testid="fetch-answer">
          <p className="text-sm font-semibold">
            Raw answer: HTTP {answer.status} {answer.statusText} · {answer.ms} ms
          </p>
          <pre className="max-h-72 overflow-auto whitespace-pre-wrap break-all rounded-xl border border-border bg-background p-3 font-mono text-xs">
            {answer.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}
            {'\n\n'}
            {answer.body}
          </pre>
        </div>
      )}
    </form>
  );
}
