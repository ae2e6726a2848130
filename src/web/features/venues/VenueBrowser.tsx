/*
 * ─── VenueBrowser slot ───────────────────────────────────────────────────────────────────────
 * Placeholder owned by the venues feature. It will hold the search panel, the
 * 'Showing N of M venues' summary with filter chips, and the venue card grid (1 / 2 / 3 columns)
 * described in SPEC §2 "Home". Until then it renders the SPEC empty state.
 * Replace this whole file; keep the export name `VenueBrowser` (HomePage renders it).
 * ──────────────────────────────────────────────────────────────────────────────────────────────
 */
import { Wine } from 'lucide-react';
import { Container } from '@/web/components/Container';
import { EmptyState } from '@/web/components/ui/empty-state';

export function VenueBrowser() {
  return (
    <section aria-labelledby="venues-heading">
      <Container>
        <h2
          id="venues-heading"
          className="mb-6 font-display text-2xl font-semibold tracking-tight sm:text-3xl"
        >
          Browse Venues
        </h2>
        <EmptyState icon={Wine} title="No venues available" description="Check back later for new venues" />
      </Container>
    </section>
  );
}
