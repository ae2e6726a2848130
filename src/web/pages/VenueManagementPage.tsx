/*
 * /venue-management/:id?tab=weekly|calendar|bookings — Manage venue (host only). Owned by the
 * availability feature, which will load the host's venue ('Loading venue data...' /
 * 'Venue not found.'), add Save Changes and the weekly, calendar and bookings tabs.
 */
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { PageHeader } from '@/web/components/ui/page-header';
import { Container } from '@/web/components/Container';
import { DocumentTitle } from '@/web/components/DocumentTitle';

export default function VenueManagementPage() {
  return (
    <>
      <DocumentTitle title="Manage Venue" />
      <Container className="flex flex-col gap-8 py-10 sm:py-14">
        <Button asChild variant="ghost" size="sm" className="w-fit">
          <Link to="/host-dashboard">
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <PageHeader
          eyebrow="Host"
          title="Manage Venue"
          description="Weekly hours and pricing, date overrides and bookings for this venue."
        />
      </Container>
    </>
  );
}
