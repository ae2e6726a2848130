/*
 * /venue/:id — venue detail and booking (SPEC §2 "Venue detail"). Owned by the venues feature,
 * which will load the active venue, its gallery, hours, pricing, calendar and reviews. Until
 * then no venue can be loaded here, so the page shows the SPEC's not-found state.
 */
import { Link } from 'react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Container } from '@/web/components/Container';
import { DocumentTitle } from '@/web/components/DocumentTitle';

export default function VenueDetailPage() {
  return (
    <>
      <DocumentTitle title="Venue" />
      <Container className="flex flex-col gap-6 py-10 sm:py-14">
        <Button asChild variant="ghost" size="sm" className="w-fit">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Back to venues
          </Link>
        </Button>
        <EmptyState
          icon={SearchX}
          titleAs="h1"
          title="Venue not found"
          action={
            <Button asChild>
              <Link to="/">Go back to search</Link>
            </Button>
          }
        />
      </Container>
    </>
  );
}
