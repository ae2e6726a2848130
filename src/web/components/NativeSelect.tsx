import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { inputClasses } from '@/web/components/ui/input';
import { cn } from '@/web/lib/utils';

const selectClasses = cn(inputClasses, 'appearance-none pr-9 [color-scheme:dark]');

/** A styled native <select> (fast with hundreds of options, works with every keyboard and screen reader). */
export function NativeSelect({
  className,
  selectClassName,
  ...props
}: ComponentProps<'select'> & { selectClassName?: string }) {
  return (
    <div className={cn('relative min-w-0', className)}>
      <select className={cn(selectClasses, selectClassName)} {...props} />
      <ChevronDown
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
