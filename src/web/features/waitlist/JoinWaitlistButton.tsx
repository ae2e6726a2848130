/*
 * "Join Waitlist" for a time that overlaps a confirmed booking (issue 14): shown in the booking
 * dialog next to the overlap notice. The server decides: a time that is free again is answered
 * 409 with a message saying to request it instead.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BellRing } from 'lucide-react';
import { formatTimeRange } from '@/domain/time';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { invalidateWaitlist, waitlistApi } from './data';

export const WAITLIST_JOINED = "You're on the waitlist";
export const WAITLIST_JOIN_FAILED = 'Could not join the waitlist.';

export function JoinWaitlistButton({
  venueId,
  date,
  startTime,
  endTime,
  onJoined,
  compact = false,
}: {
  venueId: string;
  date: string;
  startTime: string;
  endTime: string;
  onJoined?: () => void;
  /** A small button inside a list row (the venue page's taken times). */
  compact?: boolean;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const join = useMutation({
    mutationFn: () => waitlistApi.join({ venue_id: venueId, date, start_time: startTime, end_time: endTime }),
    onSuccess: (entry) => {
      invalidateWaitlist(queryClient, venueId);
      toast.success(
        WAITLIST_JOINED,
        `You are number ${entry.position} in line. We will email you if this time comes free.`,
        { action: { label: 'My Bookings', onClick: () => navigate('/user-dashboard') } },
      );
      onJoined?.();
    },
    onError: (error) => toast.error(WAITLIST_JOIN_FAILED, errorMessage(error, '') || undefined),
  });
  return (
    <Button
      type="button"
      variant={compact ? 'outline' : 'secondary'}
      size={compact ? 'sm' : 'default'}
      className={compact ? 'shrink-0' : 'w-full sm:w-fit'}
      disabled={join.isPending}
      onClick={() => join.mutate()}
      aria-label={compact ? `Join the waitlist for ${formatTimeRange(startTime, endTime)}` : undefined}
    >
      <BellRing aria-hidden="true" />
      {join.isPending ? 'Joining...' : 'Join Waitlist'}
    </Button>
  );
}
