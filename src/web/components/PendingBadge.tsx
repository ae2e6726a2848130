/*
 * The count of booking requests waiting for the host's answer, beside the host's links to the
 * dashboard and on its Bookings tab. The number is read aloud with its meaning.
 */
import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/utils';

export function PendingBadge({ count, className, ...props }: { count: number } & ComponentProps<'span'>) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        'relative inline-flex min-w-5 items-center justify-center rounded-full bg-warning px-1.5 text-[11px] font-bold leading-5 text-background tabular-nums',
        className,
      )}
      {...props}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">
        , {count} {count === 1 ? 'request' : 'requests'} awaiting your answer
      </span>
    </span>
  );
}
