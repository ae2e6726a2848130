import * as React from 'react';
import { cn } from '@/web/lib/utils';

export interface EmptyStateProps extends Omit<React.ComponentProps<'div'>, 'title'> {
  icon?: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: React.ReactNode;
  description?: React.ReactNode;
  action?: React.ReactNode;
  /** Heading element for the title (h1 when the empty state is the whole page). */
  titleAs?: 'h1' | 'h2' | 'h3';
}

export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  titleAs: Heading = 'h3',
  className,
  ...props
}: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-2xl border border-dashed border-border bg-surface/50 px-6 py-14 text-center',
        className,
      )}
      {...props}
    >
      {Icon && (
        <span className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-accent/15 text-accent-soft">
          <Icon className="size-7" aria-hidden="true" />
        </span>
      )}
      <Heading className="text-lg font-semibold">{title}</Heading>
      {description && <p className="mt-1.5 max-w-md text-sm text-muted-foreground">{description}</p>}
      {action && <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{action}</div>}
    </div>
  );
}
