import * as React from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/web/lib/utils';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-xl text-sm font-semibold transition-[background-color,border-color,color,box-shadow,opacity] duration-150 disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        /** The one accent: purple-to-magenta gradient. */
        default:
          'bg-accent-gradient text-accent-foreground shadow-lg shadow-fuchsia-950/40 hover:brightness-110 active:brightness-95',
        gradient:
          'bg-accent-gradient text-accent-foreground shadow-lg shadow-fuchsia-950/40 hover:brightness-110 active:brightness-95',
        secondary: 'bg-surface-raised text-foreground border border-border hover:bg-muted hover:border-input',
        outline:
          'border border-input bg-transparent text-foreground hover:bg-surface-raised hover:border-accent/60',
        ghost: 'bg-transparent text-foreground hover:bg-surface-raised',
        destructive: 'bg-danger-strong text-white hover:bg-red-700',
        link: 'h-auto px-0 text-accent-soft underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-9 px-3 text-sm',
        default: 'h-11 px-5',
        lg: 'h-12 px-7 text-base',
        icon: 'size-11',
        'icon-sm': 'size-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps
  extends React.ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {
  /** Render the child element (e.g. a router Link) with button styling. */
  asChild?: boolean;
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  ref,
  ...props
}: ButtonProps & {
  ref?: React.Ref<HTMLButtonElement>;
}) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      ref={ref}
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  );
}
