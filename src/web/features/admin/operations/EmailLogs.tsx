/*
 * The 'Email Test Logs' panel of the email tools (SPEC §2): each step of a test with its time,
 * newest last, in a 240 px panel that scrolls, with Clear Logs.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { format } from 'date-fns';
import { Trash2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';

export type LogLevel = 'info' | 'success' | 'error';

export interface EmailLogEntry {
  id: number;
  at: Date;
  level: LogLevel;
  message: string;
}

export interface EmailLogs {
  entries: EmailLogEntry[];
  add: (level: LogLevel, message: string) => void;
  clear: () => void;
}

let nextId = 1;

export function useEmailLogs(): EmailLogs {
  const [entries, setEntries] = useState<EmailLogEntry[]>([]);
  const add = useCallback((level: LogLevel, message: string) => {
    setEntries((current) => [...current.slice(-199), { id: nextId++, at: new Date(), level, message }]);
  }, []);
  const clear = useCallback(() => {
    setEntries([]);
  }, []);
  return { entries, add, clear };
}

const TONE: Record<LogLevel, string> = {
  info: 'text-foreground',
  success: 'text-success',
  error: 'text-danger',
};

export function EmailLogsPanel({ logs }: { logs: EmailLogs }) {
  const panel = useRef<HTMLDivElement>(null);
  // Keep the newest entry in view (scrolls the panel only, never the page).
  useEffect(() => {
    if (panel.current) panel.current.scrollTop = panel.current.scrollHeight;
  }, [logs.entries.length]);
  return (
    <section aria-labelledby="email-logs-heading" className="grid gap-2">
      <div className="flex items-center justify-between gap-3">
        <h4 id="email-logs-heading" className="text-sm font-semibold">
          Email Test Logs
        </h4>
        <Button variant="ghost" size="sm" onClick={logs.clear} disabled={logs.entries.length === 0}>
          <Trash2 aria-hidden="true" />
          Clear Logs
        </Button>
      </div>
      <div
        className="h-60 overflow-y-auto rounded-xl border border-border bg-background p-3 font-mono text-xs leading-relaxed"
        ref={panel}
        data-testid="email-logs"
        tabIndex={0}
        aria-label="Email test log entries"
      >
        {logs.entries.length === 0 ? (
          <p className="text-muted-foreground">
            No log entries yet. Send a test email to see each step here.
          </p>
        ) : (
          <ol className="grid gap-1" aria-live="polite">
            {logs.entries.map((e) => (
              <li key={e.id} className="flex gap-3">
                <time dateTime={e.at.toISOString()} className="shrink-0 text-muted-foreground">
                  {format(e.at, 'HH:mm:ss.SSS')}
                </time>
                <span className={cn('min-w-0 break-words', TONE[e.level])}>{e.message}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
