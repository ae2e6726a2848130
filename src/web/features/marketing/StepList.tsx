import type { ComponentType } from 'react';

export interface Step {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  text: string;
}

/** Numbered steps in a responsive row of cards. */
export function StepList({ steps, label }: { steps: Step[]; label?: string }) {
  return (
    <ol className="grid gap-5 md:grid-cols-3" aria-label={label}>
      {steps.map(({ icon: Icon, title, text }, index) => (
        <li
          key={title}
          className="relative rounded-2xl border border-border bg-surface/80 p-6 transition-colors hover:border-accent/40"
        >
          <div className="flex items-center justify-between">
            <span className="flex size-12 items-center justify-center rounded-xl bg-accent-gradient text-white shadow-lg shadow-fuchsia-950/40">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <span className="font-display text-4xl font-semibold text-border" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
          </div>
          <h3 className="mt-5 text-lg font-semibold">
            <span className="sr-only">Step {index + 1}: </span>
            {title}
          </h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Icon + title + text cards. */
export function FeatureGrid({ items, columns = 3 }: { items: Step[]; columns?: 3 | 4 }) {
  return (
    <ul className={columns === 4 ? 'grid gap-5 sm:grid-cols-2 lg:grid-cols-4' : 'grid gap-5 md:grid-cols-3'}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl border border-border bg-surface/80 p-6">
          <span className="flex size-11 items-center justify-center rounded-xl bg-accent/15 text-accent-soft">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-lg font-semibold">{title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  text,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  text?: string;
}) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      {eyebrow && (
        <p className="text-xs font-semibold uppercase tracking-[0.18em] text-accent-soft">{eyebrow}</p>
      )}
      <h2 id={id} className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {text && <p className="mt-3 text-muted-foreground">{text}</p>}
    </div>
  );
}
