/*
 * /review/:bookingId — review form (signed in only). Owned by the reviews feature, which will add
 * the star rating, the comment with its '/500' counter, and the 'Unable to Review' card.
 */
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { PageHeader } from '@/web/components/ui/page-header';
import { Container } from '@/web/components/Container';
import { DocumentTitle } from '@/web/components/DocumentTitle';
import { dashboardPathFor, useAuth } from '@/web/features/auth';

export default function ReviewPage() {
  const { role } = useAuth();
  return (
    <>
      <DocumentTitle title="Write a Review" />
      <Container className="flex flex-col max-w-3xl gap-8 py-10 sm:py-14">
        <Button asChild variant="ghost" size="sm" className="w-fit">
          <Link to={dashboardPathFor(role)}>
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <PageHeader
          eyebrow="Review"
          title="Write a Review"
          description="Tell other guests how your event went."
        />
      </Container>
    </>
  );
}
