import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { VenueCard } from './VenueCard';
import { useSavedVenues } from './savedData';

/** The "Saved" list on My Bookings (issue 31): the guest's saved venues that are listed. */
export function SavedVenuesList() {
  const saved = useSavedVenues(true);
  const venues = saved.data?.venues ?? [];
  return (
    <section aria-labelledby="saved-heading" className="grid gap-4">
      <h2 id="saved-heading" className="flex items-center gap-2 font-display text-2xl font-semibold">
        <Heart className="size-5 text-accent-soft" aria-hidden="true" />
        Saved
      </h2>
      {saved.isPending ? (
        <p className="text-muted-foreground">Loading your saved venues...</p>
      ) : venues.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-border p-6 text-sm text-muted-foreground">
          <p>No saved venues yet. Tap the heart on a venue to keep it here.</p>
          <Button asChild variant="outline" className="mt-4">
            <Link to="/">Browse Venues</Link>
          </Button>
        </div>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {venues.map((v) => (
            <li key={v.id}>
              <VenueCard venue={v} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
