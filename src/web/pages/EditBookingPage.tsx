/*
 * /edit-booking/:id — admin booking editor (SPEC §2 lists it as a link target; its screen is not
 * specified). Owned by the bookings feature.
 */
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { PageHeader } from '@/web/components/ui/page-header';
import { Container } from '@/web/components/Container';
import { DocumentTitle } from '@/web/components/DocumentTitle';

export default function EditBookingPage() {
  return (
    <>
      <DocumentTitle title="Edit Booking" />
      <Container className="flex flex-col max-w-4xl gap-8 py-10 sm:py-14">
        <Button asChild variant="ghost" size="sm" className="w-fit">
          <Link to="/admin-dashboard?tab=bookings">
            <ArrowLeft aria-hidden="true" />
            Back to Admin Dashboard
          </Link>
        </Button>
        <PageHeader eyebrow="Admin" title="Edit Booking" />
      </Container>
    </>
  );
}
