import * as React from 'react';
import { cn } from '@/web/lib/utils';

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-xl bg-surface-raised', className)}
      {...props}
    />
  );
}
