import * as React from 'react';
import { cn } from '@/web/lib/utils';

export const inputClasses =
  'flex h-11 w-full min-w-0 rounded-xl border border-input bg-surface-raised px-3.5 text-base text-foreground placeholder:text-muted-foreground/80 transition-colors hover:border-muted-foreground/50 focus-visible:border-accent disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger sm:text-sm';

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClasses, className)} {...props} />;
}
