/*
 * Its own module, apart from MessagesButton: the navigation (in every page's first load) shows
 * the badge, and must not pull the conversation dialog (Radix, zod, linkify) in with it.
 */
import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/utils';

/**
 * A small count in the accent colour (booking cards, navigation). The digits are hidden from
 * screen readers; `label` says it in words instead (e.g. ", 2 unread messages").
 */
export function UnreadBadge({
  count,
  label,
  className,
  ...props
}: { count: number; label?: string; className?: string } & ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-accent-gradient px-1.5 text-[11px] font-bold leading-5 text-accent-foreground tabular-nums',
        className,
      )}
      {...props}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
