/* Host dashboard "My Venues" tab: every venue of the host. */
import { Link } from 'react-router';
import { Plus, Store } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { HostVenueList } from '@/web/features/venues';

const all = () => true;

export function HostVenuesTab() {
  return (
    <HostVenueList
      filter={all}
      empty={{
        icon: Store,
        title: 'No venues yet',
        description: 'Add your first venue to start receiving booking requests.',
        action: (
          <Button asChild>
            <Link to="/upload-venue">
              <Plus aria-hidden="true" />
              Add New Venue
            </Link>
          </Button>
        ),
      }}
    />
  );
}
