/*
 * /edit-venue/:id — Edit venue (admin or host). Owned by the venues feature, which will add the
 * form (basic info, Active checkbox for admins, images, amenities, hours) and the own-venue check.
 */
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { PageHeader } from '@/web/components/ui/page-header';
import { Container } from '@/web/components/Container';
import { DocumentTitle } from '@/web/components/DocumentTitle';
import { AccessDenied } from '@/web/components/AccessDenied';
import { useAuth } from '@/web/features/auth/useAuth';

export default function EditVenuePage() {
  const { role } = useAuth();
  if (role !== 'admin' && role !== 'host') {
    return <AccessDenied message="Access denied. Admin or host privileges required." />;
  }
  const isAdmin = role === 'admin';

  return (
    <>
      <DocumentTitle title="Edit Venue" />
      <Container className="flex flex-col max-w-4xl gap-8 py-10 sm:py-14">
        <Button asChild variant="ghost" size="sm" className="w-fit">
          <Link to={isAdmin ? '/admin-dashboard' : '/host-dashboard'}>
            <ArrowLeft aria-hidden="true" />
            {isAdmin ? 'Back to Admin Dashboard' : 'Back to Host Dashboard'}
          </Link>
        </Button>
        <PageHeader eyebrow={isAdmin ? 'Admin' : 'Host'} title="Edit Venue" />
      </Container>
    </>
  );
}
