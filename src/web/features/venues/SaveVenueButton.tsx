import { Heart } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { signInUrlFor } from '@/domain/return-path';
import { useAuth } from '@/web/features/auth';
import { cn } from '@/web/lib/utils';
import { useSavedVenues, useToggleSaved } from './savedData';

/**
 * The heart on a venue card and the venue page (issue 31). A signed-in guest saves or unsaves
 * the venue; a signed-out visitor is sent to sign in and brought back; hosts and the admin do
 * not see it.
 */
export function SaveVenueButton({
  venueId,
  venueName,
  className,
}: {
  venueId: string;
  venueName: string;
  className?: string;
}) {
  const { profile, loading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const guest = profile?.role === 'user';
  const saved = useSavedVenues(guest);
  const toggle = useToggleSaved();
  if (loading || (profile && !guest)) return null;
  const isSaved = saved.data?.venues.some((v) => v.id === venueId) ?? false;
  const label = isSaved ? `Remove ${venueName} from Saved` : `Save ${venueName}`;
  return (
    <button
      type="button"
      aria-pressed={isSaved}
      aria-label={label}
      title={isSaved ? 'Saved' : 'Save'}
      disabled={toggle.isPending}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        if (!profile) {
          navigate(signInUrlFor(location.pathname + location.search));
          return;
        }
        toggle.mutate({ venueId, save: !isSaved });
      }}
      className={cn(
        'relative z-10 inline-flex size-10 items-center justify-center rounded-full bg-black/70 text-white backdrop-blur transition-colors hover:bg-black/85 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60',
        className,
      )}
    >
      <Heart className={cn('size-5', isSaved && 'fill-fuchsia-500 text-fuchsia-500')} aria-hidden="true" />
    </button>
  );
}
