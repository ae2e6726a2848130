/*
 * The admin's Operations tab: the SPEC's email and debug tabs as sections of one tab, so the
 * dashboard stays calm. The section is kept in the URL (`section`); the Email Test Logs panel is
 * shared by the email tools and stays filled while the admin moves between them.
 */
import { useSearchParams } from 'react-router';
import { cn } from '@/web/lib/utils';
import { EmailLogsPanel, useEmailLogs } from './EmailLogs';
import { EmailSystemTest, FetchEmailTest, SimpleEmailTest } from './EmailToolSections';
import { EnvironmentSection } from './EnvironmentSection';
import { OutboxSection } from './OutboxSection';
import { ServerLogSection } from './ServerLogSection';
import { TemplatesSection } from './TemplatesSection';

const SECTIONS = [
  { id: 'outbox', label: 'Outbox', group: 'Email' },
  { id: 'email-test', label: 'Email Test', group: 'Email' },
  { id: 'simple-email-test', label: 'Simple Email Test', group: 'Email' },
  { id: 'fetch-email-test', label: 'Fetch Email Test', group: 'Email' },
  { id: 'templates', label: 'Templates', group: 'Email' },
  { id: 'environment', label: 'Environment Debug', group: 'Server' },
  { id: 'console', label: 'Console Debug', group: 'Server' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];
const EMAIL_TOOLS: SectionId[] = ['email-test', 'simple-email-test', 'fetch-email-test', 'templates'];

export function OperationsTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('section');
  const section: SectionId = SECTIONS.some((s) => s.id === raw) ? (raw as SectionId) : 'outbox';
  const logs = useEmailLogs();

  const choose = (id: SectionId) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (id === 'outbox') params.delete('section');
        else params.set('section', id);
        return params;
      },
      { replace: true },
    );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
      <nav aria-label="Operations sections" className="min-w-0">
        <ul className="flex gap-2 overflow-x-auto pb-1 lg:flex-col lg:gap-1 lg:overflow-visible">
          {SECTIONS.map((s, i) => (
            <li key={s.id} className="shrink-0">
              {(i === 0 || SECTIONS[i - 1]!.group !== s.group) && (
                <p
                  className={cn(
                    'mb-1 hidden px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground lg:block',
                    i > 0 && 'mt-4',
                  )}
                >
                  {s.group}
                </p>
              )}
              <button
                type="button"
                onClick={() => choose(s.id)}
                aria-current={section === s.id ? 'page' : undefined}
                className={cn(
                  'w-full whitespace-nowrap rounded-xl px-3 py-2 text-left text-sm font-medium transition-colors',
                  section === s.id
                    ? 'bg-accent/20 text-foreground'
                    : 'text-muted-foreground hover:bg-surface-raised hover:text-foreground',
                )}
              >
                {s.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-6 rounded-2xl border border-border bg-surface/70 p-4 sm:p-6">
        {section === 'outbox' && <OutboxSection />}
        {section === 'email-test' && <EmailSystemTest logs={logs} />}
        {section === 'simple-email-test' && <SimpleEmailTest logs={logs} />}
        {section === 'fetch-email-test' && <FetchEmailTest logs={logs} />}
        {section === 'templates' && <TemplatesSection logs={logs} />}
        {section === 'environment' && <EnvironmentSection />}
        {section === 'console' && <ServerLogSection />}
        {EMAIL_TOOLS.includes(section) && <EmailLogsPanel logs={logs} />}
      </div>
    </div>
  );
}
