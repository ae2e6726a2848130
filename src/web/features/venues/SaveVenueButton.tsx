import { useState } from 'react';
import { Heart } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { signInUrlFor } from '@/domain/return-path';
import { useAuth } from '@/web/features/auth';
import { cn } from '@/web/lib/utils';
import { useSavedVenues } from './savedData';

/** The save / unsave itself, with its toasts: fetched on the first pointer over a heart or click. */
const loadToggle = () => import('./saveToggle');

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
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  if (loading || (profile && !guest)) return null;
  const isSaved = saved.data?.venues.some((v) => v.id === venueId) ?? false;
  const label = isSaved ? `Remove ${venueName} from Saved` : `Save ${venueName}`;
  return (
    <button
      type="button"
      aria-pressed={isSaved}
      aria-label={label}
      title={isSaved ? 'Saved' : 'Save'}
      disabled={pending}
      onPointerEnter={guest ? () => void loadToggle() : undefined}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        if (!profile) {
          navigate(signInUrlFor(location.pathname + location.search));
          return;
        }
        setPending(true);
        void loadToggle()
          .then((m) => m.toggleSaved(client, venueId, !isSaved))
          .finally(() => setPending(false));
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
