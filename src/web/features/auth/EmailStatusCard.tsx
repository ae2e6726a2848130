import type { ComponentType, ReactNode } from 'react';
import { Card } from '@/web/components/ui/card';
import { Container } from '@/web/components/Container';
import { cn } from '@/web/lib/utils';

type Tone = 'accent' | 'success' | 'danger';

const toneClasses: Record<Tone, string> = {
  accent: 'bg-accent/15 text-accent-soft',
  success: 'bg-success/15 text-success',
  danger: 'bg-danger/15 text-danger',
};

/** Centered card used by the email confirmation pages. */
export function EmailStatusCard({
  icon: Icon,
  tone = 'accent',
  title,
  children,
  actions,
  busy = false,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  tone?: Tone;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  busy?: boolean;
}) {
  return (
    <Container className="flex justify-center py-12 sm:py-20">
      <Card className="w-full max-w-lg px-6 py-10 text-center sm:px-10" aria-busy={busy}>
        <span
          className={cn('mx-auto flex size-16 items-center justify-center rounded-2xl', toneClasses[tone])}
        >
          <Icon className={cn('size-8', busy && 'animate-spin')} aria-hidden="true" />
        </span>
        <h1
          className="mt-6 font-display text-3xl font-semibold tracking-tight"
          role={busy ? 'status' : undefined}
        >
          {title}
        </h1>
        {children && <div className="mt-4 grid gap-3 text-muted-foreground">{children}</div>}
        {actions && <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">{actions}</div>}
      </Card>
    </Container>
  );
}
