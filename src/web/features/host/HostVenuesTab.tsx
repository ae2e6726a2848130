/* Host dashboard "My Venues" tab. Owned by the venues feature; shows an empty state for now. */
import { Link } from 'react-router';
import { Plus, Store } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';

export function HostVenuesTab() {
  return (
    <EmptyState
      icon={Store}
      title="No venues yet"
      description="Add your first venue to start receiving booking requests."
      action={
        <Button asChild>
          <Link to="/upload-venue">
            <Plus aria-hidden="true" />
            Add New Venue
          </Link>
        </Button>
      }
    />
  );
}
