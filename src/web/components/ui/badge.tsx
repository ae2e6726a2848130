import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/web/lib/utils';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3',
  {
    variants: {
      tone: {
        accent: 'border-accent/40 bg-accent/15 text-accent-soft',
        success: 'border-success/35 bg-success/10 text-success',
        warning: 'border-warning/35 bg-warning/10 text-warning',
        danger: 'border-danger/40 bg-danger/10 text-danger',
        info: 'border-info/35 bg-info/10 text-info',
        muted: 'border-border bg-muted text-muted-foreground',
      },
    },
    defaultVariants: { tone: 'muted' },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export function Badge({
  className,
  tone,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
