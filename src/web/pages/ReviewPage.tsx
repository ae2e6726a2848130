/*
 * /review/:bookingId — the review form (SPEC §2 Review, §5, §8 Reviews; signed in only, else to
 * /user-auth and back). The server says whether the booking may be reviewed; when it may not,
 * the 'Unable to Review' card shows its reason. Stars (a radio group: arrow keys move the
 * rating), a comment with its '/500' counter, and after publishing the venue page in 2 seconds.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, ArrowLeft, CalendarDays, CheckCircle2, MapPin } from 'lucide-react';
import { formatLongDate } from '@/domain/calendar';
import {
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_COMMENT_MIN_LENGTH,
  REVIEW_MESSAGES,
  REVIEW_REDIRECT_MS,
  REVIEW_TOASTS,
} from '@/domain/reviews';
import { formatTimeRange } from '@/domain/time';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { PageHeader } from '@/web/components/ui/page-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Textarea } from '@/web/components/ui/textarea';
import { Container } from '@/web/components/Container';
import { dashboardPathFor, useAuth } from '@/web/features/auth';
import { StarRating, reviewKeys, reviewsApi, type ReviewTarget } from '@/web/features/reviews';
import { isApiError } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';
import { toast } from '@/web/lib/toast';

/** The reason for the 'Unable to Review' card from a failed load: the server's, or 'Failed to load'. */
function loadFailure(error: unknown): string {
  if (isApiError(error) && error.fromService && (error.status === 404 || error.status === 403)) {
    return error.message || REVIEW_MESSAGES.notFound;
  }
  return REVIEW_MESSAGES.loadFailed;
}

export default function ReviewPage() {
  const { bookingId = '' } = useParams();
  const { role } = useAuth();
  const backTo = dashboardPathFor(role);
  const target = useQuery({
    queryKey: reviewKeys.target(bookingId),
    queryFn: ({ signal }) => reviewsApi.target(bookingId, signal),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
  const [published, setPublished] = useState(false);

  let body;
  if (target.isPending) {
    body = (
      <Card className="grid gap-4 p-6" aria-busy="true">
        <span className="sr-only" role="status">
          Loading booking details
        </span>
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-32 w-full" />
      </Card>
    );
  } else if (target.isError) {
    body = <UnableToReview reason={loadFailure(target.error)} backTo={backTo} />;
  } else if (!target.data.can_review && !published) {
    body = <UnableToReview reason={target.data.blocker ?? REVIEW_MESSAGES.notFound} backTo={backTo} />;
  } else {
    body = <ReviewForm target={target.data} onPublished={() => setPublished(true)} />;
  }

  return (
    <>
      <Container className="flex max-w-3xl flex-col gap-8 py-10 sm:py-14">
        <Button asChild variant="ghost" size="sm" className="w-fit">
          <Link to={backTo}>
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <PageHeader
          eyebrow="Review"
          title="Write a Review"
          description="Tell other guests how your event went."
        />
        {body}
      </Container>
    </>
  );
}

function UnableToReview({ reason, backTo }: { reason: string; backTo: string }) {
  return (
    <Card className="flex flex-col items-start gap-4 p-6 sm:p-8" role="alert" data-testid="unable-to-review">
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-full bg-danger/10 text-danger">
          <AlertCircle className="size-5" aria-hidden="true" />
        </span>
        <h2 className="text-xl font-semibold">Unable to Review</h2>
      </div>
      <p className="text-muted-foreground">{reason}</p>
      <Button asChild>
        <Link to={backTo}>Back to Dashboard</Link>
      </Button>
    </Card>
  );
}

function ReviewForm({ target, onPublished }: { target: ReviewTarget; onPublished: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { booking } = target;
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = useMutation({
    mutationFn: () => reviewsApi.submit({ booking_id: booking.id, rating, comment: comment.trim() }),
    onSuccess: () => {
      onPublished();
      toast.success(REVIEW_TOASTS.submitted.title, REVIEW_TOASTS.submitted.description);
      // Reviewed now: coming back to this page (the Back button from the venue page) shows the
      // 'Unable to Review' card, not a fresh form from the cache that the server would refuse.
      queryClient.setQueryData<ReviewTarget>(reviewKeys.target(booking.id), {
        ...target,
        can_review: false,
        blocker: REVIEW_MESSAGES.alreadyReviewed,
      });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.target(booking.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.guest.all });
      timer.current = setTimeout(() => navigate(`/venue/${booking.venue.id}`), REVIEW_REDIRECT_MS);
    },
    onError: (error) => {
      const detail = isApiError(error) && error.fromService ? error.message : undefined;
      toast.error(REVIEW_TOASTS.submitFailed, detail);
      // The booking may have been reviewed meanwhile (another tab): the card then says so.
      void queryClient.invalidateQueries({ queryKey: reviewKeys.target(booking.id) });
    },
  });

  const trimmed = comment.trim().length;
  const done = submit.isSuccess;
  const canSubmit = rating > 0 && trimmed >= REVIEW_COMMENT_MIN_LENGTH && !submit.isPending && !done;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (rating === 0) {
      toast.error(REVIEW_TOASTS.ratingRequired.title, REVIEW_TOASTS.ratingRequired.description);
      return;
    }
    if (trimmed < REVIEW_COMMENT_MIN_LENGTH) {
      toast.error(REVIEW_TOASTS.commentTooShort.title, REVIEW_TOASTS.commentTooShort.description);
      return;
    }
    if (canSubmit) submit.mutate();
  };

  return (
    <Card className="flex flex-col gap-6 p-6 sm:p-8">
      <div className="flex flex-col gap-1.5 border-b border-border pb-5">
        <h2 className="text-xl font-semibold">{booking.venue.name}</h2>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <MapPin className="size-4" aria-hidden="true" />
            {booking.venue.city}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            {formatLongDate(booking.date)} · {formatTimeRange(booking.start_time, booking.end_time)}
          </span>
        </p>
      </div>

      {done ? (
        <div
          className="flex items-start gap-3 rounded-xl border border-success/35 bg-success/10 p-4"
          role="status"
        >
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          <div>
            <p className="font-semibold text-success">{REVIEW_TOASTS.submitted.title}</p>
            <p className="mt-1 text-sm text-foreground/90">Taking you to the venue page…</p>
          </div>
        </div>
      ) : (
        <form className="flex flex-col gap-6" onSubmit={onSubmit} noValidate>
          <StarRating value={rating} onChange={setRating} disabled={submit.isPending} />
          <div className="flex flex-col gap-2">
            <label htmlFor="review-comment" className="text-sm font-medium">
              Your review
            </label>
            <Textarea
              id="review-comment"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              maxLength={REVIEW_COMMENT_MAX_LENGTH}
              rows={6}
              placeholder="What was the atmosphere like? How were the staff, the music and the drinks?"
              aria-describedby="review-comment-help"
              disabled={submit.isPending}
            />
            <div
              id="review-comment-help"
              className="flex justify-between gap-4 text-xs text-muted-foreground"
            >
              <span className="min-w-0">
                {trimmed < REVIEW_COMMENT_MIN_LENGTH
                  ? `At least ${REVIEW_COMMENT_MIN_LENGTH} characters.`
                  : 'Your review is published on the venue page.'}
              </span>
              <span className="shrink-0 whitespace-nowrap tabular-nums" data-testid="comment-counter">
                {comment.length}/{REVIEW_COMMENT_MAX_LENGTH}
              </span>
            </div>
          </div>
          <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={!canSubmit}>
            {submit.isPending ? 'Submitting...' : 'Submit Review'}
          </Button>
        </form>
      )}
    </Card>
  );
}
