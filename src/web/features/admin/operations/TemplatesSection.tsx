/*
 * Operations › Templates: every email template of the server's one registry, rendered with sample
 * data — HTML and text side by side — and sendable to any address (through the outbox).
 */
import { useState, type FormEvent } from 'react';
import { FileText, Send } from 'lucide-react';
import { TEST_ADDRESS_REQUIRED } from '@/domain/schemas';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { cn } from '@/web/lib/utils';
import type { TemplatePreview } from '@/domain/contract';
import { queryKeys } from '@/web/lib/queryKeys';
import { emailTools, useTemplates } from './data';
import type { EmailLogs } from './EmailLogs';

function SendSample({ template, logs }: { template: TemplatePreview; logs: EmailLogs }) {
  const [to, setTo] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (busy || !to.trim()) return;
    setBusy(true);
    try {
      const r = await emailTools.sendTemplate(template.name, to.trim());
      logs.add('success', `Template "${template.label}" queued to ${r.to} as ${r.id.slice(0, 8)}.`);
      toast.success('Sample queued', `${template.label} to ${r.to}`);
    } catch (error) {
      const message = errorMessage(error, 'Could not send the sample.');
      logs.add('error', `Template "${template.label}": ${message}`);
      toast.error('Could not send the sample.', message);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <FormField
        id={`template-to-${template.name}`}
        label="Send this sample to"
        className="min-w-0 flex-1"
        error={touched && !to.trim() ? TEST_ADDRESS_REQUIRED : undefined}
      >
        <Input
          type="email"
          placeholder="name@example.com"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          onBlur={() => setTouched(true)}
          disabled={busy}
        />
      </FormField>
      <Button type="submit" disabled={busy || !to.trim()}>
        <Send aria-hidden="true" />
        {busy ? 'Sending...' : 'Send Sample'}
      </Button>
    </form>
  );
}

export function TemplatesSection({ logs }: { logs: EmailLogs }) {
  const templates = useTemplates();
  const [selected, setSelected] = useState<string | null>(null);

  if (templates.isPending) return <Skeleton className="h-96" />;
  if (templates.isError) {
    return (
      <EmptyState
        icon={FileText}
        title="Could not load the templates"
        description={errorMessage(templates.error, 'Please try again.')}
        action={
          <Button variant="outline" onClick={() => void templates.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const list = templates.data;
  const current = list.find((t) => t.name === selected) ?? list[0]!;

  return (
    <section aria-labelledby="templates-heading" className="grid gap-4">
      <div>
        <h3 id="templates-heading" className="text-lg font-semibold">
          Templates
        </h3>
        <p className="text-sm text-muted-foreground">
          {list.length} templates, each previewed with sample data. Samples go through the outbox like any
          other email.
        </p>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <ul
          className="flex gap-2 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible"
          aria-label="Email templates"
        >
          {list.map((t) => (
            <li key={t.name} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelected(t.name)}
                aria-current={t.name === current.name ? 'true' : undefined}
                className={cn(
                  'w-full rounded-xl border px-3 py-2 text-left text-sm transition-colors',
                  t.name === current.name
                    ? 'border-accent/60 bg-accent/15 text-foreground'
                    : 'border-border bg-surface/60 text-muted-foreground hover:border-accent/40 hover:text-foreground',
                )}
              >
                <span className="block font-medium whitespace-nowrap lg:whitespace-normal">{t.label}</span>
                <span className="hidden font-mono text-xs lg:block">{t.name}</span>
              </button>
            </li>
          ))}
        </ul>
        <article className="grid min-w-0 gap-4" aria-label={`Template ${current.label}`}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="text-xs text-muted-foreground">Subject</p>
              <p className="break-words font-semibold" data-testid="template-subject">
                {current.subject}
              </p>
              <p className="mt-1 text-sm text-muted-foreground">{current.description}</p>
            </div>
            {current.ad_hoc && <Badge tone="info">HTML given at send time</Badge>}
          </div>
          <div className="grid gap-4 xl:grid-cols-2">
            <div className="grid gap-1.5">
              <p className="text-xs font-medium text-muted-foreground">HTML</p>
              <iframe
                title={`HTML preview: ${current.label}`}
                srcDoc={current.html}
                sandbox=""
                referrerPolicy="no-referrer"
                className="h-[28rem] w-full rounded-xl border border-border bg-white"
              />
            </div>
            <div className="grid gap-1.5">
              <p className="text-xs font-medium text-muted-foreground">Text</p>
              <pre className="h-[28rem] overflow-auto whitespace-pre-wrap break-words rounded-xl border border-border bg-background p-4 font-mono text-xs leading-relaxed">
                {current.text}
              </pre>
            </div>
          </div>
          <SendSample key={current.name} template={current} logs={logs} />
        </article>
      </div>
    </section>
  );
}
