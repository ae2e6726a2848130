/*
 * Operations › the email tools of SPEC §2: Email Test (Email System Test: POST /api/test-email,
 * which tries each configured sender), Simple Email Test (POST /api/send-email) and Fetch Email
 * Test (a raw fetch of either endpoint, exactly as a client would send it, with the raw answer).
 * Each requires an address ('Please enter an email address.'); buttons are disabled without one
 * or while busy; each step goes to the Email Test Logs panel with its time.
 *
 * Longer than 300 lines: the three tools of one section share the form and log helpers at its top.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Send } from 'lucide-react';
import { TEST_ADDRESS_REQUIRED } from '@/domain/schemas';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '@/web/lib/api';
import { ListSelect } from '@/web/components/ListControls';
import { queryKeys } from '@/web/lib/queryKeys';
import { emailTools } from './data';
import type { EmailLogs } from './EmailLogs';

const DEFAULT_SUBJECT = 'Velvet test email';
const DEFAULT_HTML =
  '<h2>Velvet email test</h2>\n<p>If you can read this, email delivery from Velvet works.</p>';

function AddressField({ id, tool }: { id: string; tool: EmailTool }) {
  return (
    <FormField
      id={id}
      label="Recipient email"
      error={tool.showRequired && !tool.raw.trim() ? TEST_ADDRESS_REQUIRED : undefined}
    >
      <Input
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="name@example.com"
        value={tool.raw}
        onChange={(e) => tool.setTo(e.target.value)}
        onBlur={tool.touch}
        disabled={tool.busy}
      />
    </FormField>
  );
}

type EmailTool = ReturnType<typeof useEmailTool>;

/**
 * What the three tools share: the address (required, 'Please enter an email address.' shown and
 * logged), the busy flag, and a runner that refreshes the Outbox when the attempt ends.
 */
function useEmailTool(logs: EmailLogs) {
  const [to, setTo] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  return {
    to: to.trim(),
    raw: to,
    setTo,
    busy,
    showRequired: touched,
    touch: () => setTouched(true),
    /** Runs `attempt` unless busy or no address was entered (then the SPEC's message is logged). */
    submit(e: FormEvent, attempt: (to: string) => Promise<void>) {
      e.preventDefault();
      if (busy) return;
      setTouched(true);
      if (!to.trim()) {
        logs.add('error', TEST_ADDRESS_REQUIRED);
        return;
      }
      setBusy(true);
      void attempt(to.trim()).finally(() => {
        setBusy(false);
        void queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox });
      });
    },
  };
}

/** The frame of one tool: its heading and description, its fields, and the send button. */
function ToolForm({
  id,
  title,
  description,
  tool,
  action,
  onSubmit,
  children,
  after,
}: {
  id: string;
  title: string;
  description: string;
  tool: EmailTool;
  action: string;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-labelledby={`${id}-heading`}>
      <div>
        <h3 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
      <div>
        <Button type="submit" disabled={tool.busy || !tool.to}>
          <Send aria-hidden="true" />
          {tool.busy ? 'Sending...' : action}
        </Button>
      </div>
      {after}
    </form>
  );
}

/** Logs a failed call to the Velvet API with its status. */
function logFailure(logs: EmailLogs, what: string, error: unknown) {
  const status = isApiError(error) ? ` (HTTP ${error.status})` : '';
  logs.add('error', `${what} failed${status}: ${errorMessage(error, 'Could not reach the server.')}`);
}

/** Email Test (Email System Test): the full test through the outbox and the sender fallbacks. */
export function EmailSystemTest({ logs }: { logs: EmailLogs }) {
  const tool = useEmailTool(logs);
  const [subject, setSubject] = useState(DEFAULT_SUBJECT);
  const [html, setHtml] = useState(DEFAULT_HTML);

  const submit = (e: FormEvent) =>
    tool.submit(e, async (to) => {
      logs.add('info', `Email system test to ${to} started.`);
      logs.add('info', 'POST /api/test-email — queuing the message in the outbox…');
      try {
        const r = await emailTools.testEmail({ to, subject: subject || undefined, html: html || undefined });
        logs.add('info', `Queued as outbox message ${r.id.slice(0, 8)} (transport: ${r.transport}).`);
        if (r.senders.length)
          logs.add('info', `Sender addresses to try, in order: ${r.senders.join(' → ')}.`);
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
        logFailure(logs, 'Test email', error);
      }
    });

  return (
    <ToolForm
      id="email-system-test"
      title="Email Test (Email System Test)"
      description="Sends a test message through the outbox, trying each configured sender address in turn, and reports which one worked."
      tool={tool}
      action="Send Test Email"
      onSubmit={submit}
    >
      <AddressField id="system-test-to" tool={tool} />
      <FormField id="system-test-subject" label="Subject">
        <Input value={subject} onChange={(e) => setSubject(e.target.value)} disabled={tool.busy} />
      </FormField>
      <FormField id="system-test-html" label="HTML message" hint="Sanitised by the server before sending.">
        <Textarea
          rows={4}
          value={html}
          onChange={(e) => setHtml(e.target.value)}
          disabled={tool.busy}
          className="font-mono text-xs"
        />
      </FormField>
    </ToolForm>
  );
}

/** Simple Email Test: one address, one click, POST /api/send-email. */
export function SimpleEmailTest({ logs }: { logs: EmailLogs }) {
  const tool = useEmailTool(logs);

  const submit = (e: FormEvent) =>
    tool.submit(e, async (to) => {
      logs.add('info', `Simple email test to ${to}: POST /api/send-email…`);
      try {
        const r = await emailTools.sendEmail({
          to,
          subject: 'Velvet simple email test',
          html: '<p>This is a simple test email from Velvet.</p>',
        });
        logs.add(
          'success',
          `Accepted and queued as outbox message ${r.id.slice(0, 8)}; the worker sends it within seconds.`,
        );
      } catch (error) {
        logFailure(logs, 'Simple email test', error);
      }
    });

  return (
    <ToolForm
      id="simple-email-test"
      title="Simple Email Test"
      description="Sends a short fixed message to one address."
      tool={tool}
      action="Send Simple Test"
      onSubmit={submit}
    >
      <AddressField id="simple-test-to" tool={tool} />
    </ToolForm>
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
  const tool = useEmailTool(logs);
  const [endpoint, setEndpoint] = useState(ENDPOINTS[0]!.value);
  const [answer, setAnswer] = useState<RawAnswer | null>(null);

  const submit = (e: FormEvent) =>
    tool.submit(e, async (to) => {
      const body = {
        to,
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
      }
    });

  return (
    <ToolForm
      id="fetch-email-test"
      title="Fetch Email Test"
      description="Calls the public endpoint with a plain fetch() and shows the raw answer: status, headers and body."
      tool={tool}
      action="Send with fetch()"
      onSubmit={submit}
      after={
        answer && (
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
        )
      }
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <AddressField id="fetch-test-to" tool={tool} />
        <ListSelect
          value={endpoint}
          onChange={setEndpoint}
          options={ENDPOINTS}
          label="Endpoint"
          className="sm:w-60"
        />
      </div>
    </ToolForm>
  );
}
