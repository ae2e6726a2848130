import * as React from 'react';
import { cn } from '@/web/lib/utils';
import { Skeleton } from './skeleton';

export interface TileProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  label: string;
  value: React.ReactNode;
  icon?: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  hint?: React.ReactNode;
  loading?: boolean;
}

/** A stat tile: label, big number, optional icon and hint. */
export function Tile({ label, value, icon: Icon, hint, loading = false, className, ...props }: TileProps) {
  return (
    <div
      className={cn(
        'flex items-start justify-between gap-4 rounded-2xl border border-border bg-surface/90 p-5',
        className,
      )}
      {...props}
    >
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {loading ? (
          <Skeleton className="mt-2 h-8 w-20" />
        ) : (
          <p
            className="mt-1 truncate text-3xl font-semibold tracking-tight tabular-nums"
            title={typeof value === 'string' ? value : undefined}
          >
            {value}
          </p>
        )}
        {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
      </div>
      {Icon && (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent-soft">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      )}
    </div>
  );
}
