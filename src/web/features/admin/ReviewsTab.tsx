/*
 * Admin "Reviews" tab: every review, newest first, paged by the server, filtered by state. The
 * admin unpublishes a review with a reason (it leaves the venue page and its averages at once,
 * and the guest is emailed why) or republishes it.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Eye, EyeOff, MessageSquare, RotateCcw } from 'lucide-react';
import { formatLongDate } from '@/domain/calendar';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Textarea } from '@/web/components/ui/textarea';
import { formatCount } from '@/web/lib/format';
import { toast } from '@/web/lib/toast';
import { cn } from '@/web/lib/utils';
import {
  Stars,
  reviewKeys,
  reviewsApi,
  type AdminReview,
  type AdminReviewStatus,
} from '@/web/features/reviews';

const PAGE_SIZE = 10;
const FILTERS: Array<{ value: AdminReviewStatus; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'unpublished', label: 'Unpublished' },
];

export function ReviewsTab() {
  const [status, setStatus] = useState<AdminReviewStatus>('all');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: reviewKeys.adminPage(status, page),
    queryFn: ({ signal }) => reviewsApi.adminPage(status, page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  // Live: a review written or changed anywhere is a venue event, which refreshes reviewKeys.admin (lib/liveRefresh.ts).
  const total = list.data?.total_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section aria-labelledby="admin-reviews-heading" className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="admin-reviews-heading" className="text-xl font-semibold">
          Reviews
        </h2>
        <div
          className="flex gap-1 rounded-xl border border-border bg-surface p-1"
          role="group"
          aria-label="Show"
        >
          {FILTERS.map((f) => (
            <Button
              key={f.value}
              size="sm"
              variant={status === f.value ? 'secondary' : 'ghost'}
              aria-pressed={status === f.value}
              onClick={() => {
                setStatus(f.value);
                setPage(1);
              }}
            >
              {f.label}
            </Button>
          ))}
        </div>
      </div>

      {list.isPending ? (
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="h-36 w-full" />
          <Skeleton className="h-36 w-full" />
        </div>
      ) : list.isError ? (
        <p className="text-sm text-danger">Failed to load reviews.</p>
      ) : list.data.reviews.length === 0 ? (
        <EmptyState icon={MessageSquare} title="No reviews" description="Reviews guests write appear here." />
      ) : (
        <ul
          className={cn('flex flex-col gap-4', list.isPlaceholderData && 'opacity-60')}
          aria-label="Reviews"
        >
          {list.data.reviews.map((review) => (
            <li key={review.id}>
              <AdminReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}

      {total > PAGE_SIZE && (
        <nav className="flex items-center justify-between gap-3" aria-label="Review pages">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <p className="text-sm text-muted-foreground">
            Page {page} of {pages} · {formatCount(total)} reviews
          </p>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      )}
    </section>
  );
}

function AdminReviewCard({ review }: { review: AdminReview }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const reasonId = `moderation-reason-${review.id}`;
  const moderate = useMutation({
    mutationFn: () =>
      review.is_published
        ? reviewsApi.unpublish(review.id, reason.trim())
        : reviewsApi.republish(review.id, reason.trim()),
    onSuccess: (updated) => {
      toast.success(
        updated.is_published ? 'Review republished' : 'Review unpublished',
        updated.is_published
          ? 'It is back on the venue page.'
          : 'It has left the venue page and the guest has been told why.',
      );
      setReason('');
      void queryClient.invalidateQueries({ queryKey: reviewKeys.admin });
    },
    onError: (error) => toast.apiError(error, 'Failed to update the review.'),
  });
  const needsReason = review.is_published && reason.trim() === '';

  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="admin-review">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold">
            <Link to={`/venue/${review.venue.id}`} className="underline-offset-4 hover:underline">
              {review.venue.name}
            </Link>
          </p>
          <p className="text-sm text-muted-foreground">
            {review.author.full_name || 'Guest'} · {review.author.email} ·{' '}
            {formatLongDate(review.created_at.slice(0, 10))}
          </p>
        </div>
        <Badge tone={review.is_published ? 'success' : 'warning'} className="w-fit">
          {review.is_published ? 'Published' : 'Unpublished'}
        </Badge>
      </div>
      <Stars rating={review.rating} />
      <p className="whitespace-pre-line break-words text-sm">{review.comment}</p>
      {review.host_response && (
        <p className="rounded-xl border border-border bg-surface-raised/60 p-3 text-sm">
          <span className="font-medium text-accent-soft">Venue's answer: </span>
          {review.host_response}
        </p>
      )}
      {review.moderation_reason && (
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">Last moderation: </span>
          {review.moderation_reason}
        </p>
      )}
      <div className="flex flex-col gap-2">
        <label htmlFor={reasonId} className="text-sm font-medium">
          {review.is_published
            ? 'Reason for unpublishing (sent to the guest)'
            : 'Reason for republishing (optional)'}
        </label>
        <Textarea
          id={reasonId}
          rows={2}
          className="min-h-16"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <Button
          variant={review.is_published ? 'destructive' : 'secondary'}
          className="w-full sm:w-fit"
          disabled={needsReason || moderate.isPending}
          onClick={() => moderate.mutate()}
        >
          {review.is_published ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {review.is_published ? 'Unpublish' : 'Republish'}
          {moderate.isPending && <RotateCcw className="animate-spin" aria-hidden="true" />}
        </Button>
      </div>
    </Card>
  );
}
