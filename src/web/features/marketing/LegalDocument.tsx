import type { ReactNode } from 'react';
import { Container } from '@/web/components/Container';
import { PageHeader } from '@/web/components/ui/page-header';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** A plain reading page (terms, privacy, help): a title, a line under it, numbered sections. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <Container className="max-w-3xl py-8 sm:py-12">
      <PageHeader title={title} description={intro} className="mb-8" />
      <div className="grid gap-8">
        {sections.map((s) => (
          <section key={s.title} aria-labelledby={`legal-${s.title}`}>
            <h2 id={`legal-${s.title}`} className="font-display text-xl font-semibold">
              {s.title}
            </h2>
            <div className="mt-3 grid gap-3 leading-relaxed text-muted-foreground [&_a]:text-foreground [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-accent-soft">
              {s.body}
            </div>
          </section>
        ))}
      </div>
    </Container>
  );
}
