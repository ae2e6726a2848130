/*
 * /upload-venue — Add New Venue (host only). Owned by the venues feature, which will add the
 * form sections: Basic Information, Amenities, Images, Hours of Operation, Payment & Financial
 * Information, Terms and Conditions, and the 'Create Venue' submit.
 */
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { PageHeader } from '@/web/components/ui/page-header';
import { Container } from '@/web/components/Container';
import { DocumentTitle } from '@/web/components/DocumentTitle';

export default function UploadVenuePage() {
  return (
    <>
      <DocumentTitle title="Add New Venue" />
      <Container className="flex flex-col max-w-4xl gap-8 py-10 sm:py-14">
        <Button asChild variant="ghost" size="sm" className="w-fit">
          <Link to="/host-dashboard">
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <PageHeader
          eyebrow="Host"
          title="Add New Venue"
          description="Tell guests about your space. New venues are reviewed by our team within 24-48 hours."
        />
      </Container>
    </>
  );
}
