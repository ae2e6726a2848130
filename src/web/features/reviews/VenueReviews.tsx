/*
 * Customer Reviews on /venue/:id (SPEC §2 Venue detail): the rating summary with its
 * distribution, then published reviews newest first (author's first name and initial, stars,
 * date, the host's answer under it), paged by the server. The venue's host can answer each
 * review once. Refreshed live: the venue event a review change raises invalidates these queries.
 */
import { useEffect, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquareReply, Star, Store } from 'lucide-react';
import { formatLongDate } from '@/domain/calendar';
import { REVIEW_RESPONSE_MAX_LENGTH, formatRating, reviewCountLabel } from '@/domain/reviews';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/lib/toast';
import { reviewKeys, reviewsApi, type PublicReview } from './data';
import { RatingSummary } from './RatingSummary';
import { Stars } from './Stars';

/** The review's date as the venue page shows it (its created_at, in the viewer's calendar). */
const reviewDate = (iso: string) => formatLongDate(iso.slice(0, 10));

/** A venue's published reviews, a server page at a time, with its rating summary. */
function useVenueReviews(venueId: string) {
  return useInfiniteQuery({
    queryKey: reviewKeys.venue(venueId),
    queryFn: ({ pageParam, signal }) => reviewsApi.venuePage(venueId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** '★ 4.5 · 4 reviews' beside the venue's name, linking down to the reviews. */
export function VenueRatingLink({ venueId }: { venueId: string }) {
  const summary = useVenueReviews(venueId).data?.pages[0]?.summary;
  if (!summary || summary.average === null) return null;
  return (
    <a
      href="#reviews-heading"
      className="inline-flex items-center gap-1.5 rounded-full border border-border bg-surface/80 px-2.5 py-0.5 text-xs font-semibold hover:border-accent/50"
      data-testid="venue-rating-link"
    >
      <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
      <span className="tabular-nums">{formatRating(summary.average)}</span>
      <span className="font-normal text-muted-foreground">· {reviewCountLabel(summary.count)}</span>
    </a>
  );
}

export function VenueReviews({ venueId, isOwner }: { venueId: string; isOwner: boolean }) {
  const reviews = useVenueReviews(venueId);
  // SPEC §8: a failed review fetch on the venue page is only logged.
  useEffect(() => {
    if (reviews.error) console.error('Failed to load reviews', reviews.error);
  }, [reviews.error]);

  if (reviews.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <span className="sr-only" role="status">
          Loading reviews
        </span>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (reviews.isError) return <EmptyReviews />;

  const pages = reviews.data.pages;
  const summary = pages[0]!.summary;
  const list = pages.flatMap((p) => p.reviews);
  if (summary.count === 0 && list.length === 0) return <EmptyReviews />;

  return (
    <div className="flex flex-col gap-6">
      <RatingSummary summary={summary} />
      <ul className="flex flex-col divide-y divide-border" aria-label="Reviews" data-testid="venue-reviews">
        {list.map((review) => (
          <li key={review.id} className="py-5 first:pt-0 last:pb-0">
            <ReviewItem review={review} venueId={venueId} isOwner={isOwner} />
          </li>
        ))}
      </ul>
      {reviews.hasNextPage && (
        <Button
          variant="outline"
          className="w-fit"
          onClick={() => void reviews.fetchNextPage()}
          disabled={reviews.isFetchingNextPage}
        >
          {reviews.isFetchingNextPage ? 'Loading...' : 'Show more reviews'}
        </Button>
      )}
    </div>
  );
}

function EmptyReviews() {
  return (
    <div className="rounded-xl border border-dashed border-border px-4 py-8 text-center">
      <p className="font-medium">No reviews yet</p>
      <p className="mt-1 text-sm text-muted-foreground">Guests can review this venue after their event.</p>
    </div>
  );
}

function ReviewItem({
  review,
  venueId,
  isOwner,
}: {
  review: PublicReview;
  venueId: string;
  isOwner: boolean;
}) {
  return (
    <article className="flex flex-col gap-2" data-testid="venue-review">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <p className="font-semibold">{review.author_name}</p>
        <time className="text-sm text-muted-foreground" dateTime={review.created_at}>
          {reviewDate(review.created_at)}
        </time>
      </div>
      <Stars rating={review.rating} />
      <p className="whitespace-pre-line break-words text-sm leading-relaxed text-foreground/90">
        {review.comment}
      </p>
      {review.host_response ? (
        <div
          className="mt-2 rounded-xl border border-border bg-surface-raised/60 p-4 text-sm"
          data-testid="host-response"
        >
          <p className="flex items-center gap-2 font-medium text-accent-soft">
            <Store className="size-4" aria-hidden="true" />
            Response from the venue
          </p>
          <p className="mt-1.5 whitespace-pre-line break-words text-foreground/90">{review.host_response}</p>
        </div>
      ) : (
        isOwner && <AnswerForm review={review} venueId={venueId} />
      )}
    </article>
  );
}

/** The host's one public answer to a review. */
function AnswerForm({ review, venueId }: { review: PublicReview; venueId: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const answer = useMutation({
    mutationFn: () => reviewsApi.answer(review.id, text.trim()),
    onSuccess: () => {
      toast.success('Answer published', 'Your answer now shows under the review.');
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.venue(venueId) });
    },
    onError: (error) => toast.apiError(error, 'Failed to publish your answer. Please try again.'),
  });
  if (!open) {
    return (
      <Button variant="ghost" size="sm" className="w-fit" onClick={() => setOpen(true)}>
        <MessageSquareReply aria-hidden="true" />
        Answer publicly
      </Button>
    );
  }
  const id = `answer-${review.id}`;
  return (
    <form
      className="mt-2 flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) answer.mutate();
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        Your public answer
      </label>
      <Textarea
        id={id}
        value={text}
        maxLength={REVIEW_RESPONSE_MAX_LENGTH}
        onChange={(e) => setText(e.target.value)}
        rows={3}
      />
      <p className="text-xs text-muted-foreground">
        Shown under the review for everyone. You can answer once. {text.length}/{REVIEW_RESPONSE_MAX_LENGTH}
      </p>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!text.trim() || answer.isPending}>
          {answer.isPending ? 'Publishing...' : 'Publish answer'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
