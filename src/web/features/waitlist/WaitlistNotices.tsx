/*
 * Tells a signed-in guest, wherever they are in the app, the moment a time they wait for comes
 * free: the live feed's waitlist event (sent only to the entry's guest, the venue's host and
 * the admin) with `notified` set.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { LiveEvent } from '@/domain/contract';
import { useLiveEvents } from '@/web/lib/live';

// This listener is in every page's first load; the toast module (sonner) loads when a notice
// is first shown, not with the page.
const loadToast = () => import('@/web/lib/toast').then((m) => m.toast);

export function WaitlistNotices({ enabled }: { enabled: boolean }) {
  const navigate = useNavigate();
  const listener = useCallback(
    (event: LiveEvent) => {
      if (!enabled || event.entity !== 'waitlist' || !event.notified) return;
      void loadToast().then((toast) =>
        toast.success(
          'A time you are waiting for is free',
          'Request it now: the first confirmed request gets it.',
          {
            action: { label: 'Open Venue', onClick: () => navigate(`/venue/${event.venue_id}`) },
          },
        ),
      );
    },
    [enabled, navigate],
  );
  useLiveEvents(listener);
  return null;
}
