import * as React from 'react';
import { cn } from '@/web/lib/utils';
import { inputClasses } from './input';

export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(inputClasses, 'h-auto min-h-24 py-3', className)} {...props} />;
}
