import type { ComponentType, ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

type IconType = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

/** One titled card of the Add/Edit Venue forms. */
export function FormSection({
  id,
  title,
  description,
  icon: Icon,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  icon?: IconType;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'rounded-2xl border border-border bg-surface/90 p-5 shadow-xl shadow-black/30 sm:p-7',
        className,
      )}
    >
      <div className="mb-6 flex items-start gap-3">
        {Icon && (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent-soft">
            <Icon className="size-5" aria-hidden="true" />
          </span>
        )}
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold leading-tight sm:text-xl">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
        </div>
      </div>
      {children}
    </section>
  );
}
