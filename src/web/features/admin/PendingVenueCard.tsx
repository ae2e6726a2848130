/*
 * One venue waiting for approval in the admin's Venue Approvals tab (SPEC §2): every field the
 * host entered, bank numbers masked until revealed, and Approve / Reject with notes.
 */
import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { format } from 'date-fns';
import { Check, Eye, EyeOff, Landmark, Mail, MapPin, Pencil, Phone, UserRound, Users, X } from 'lucide-react';
import { amenityLabel } from '@/domain/amenities';
import { PRICING_TYPE_LABELS, formatPriceWithUnit } from '@/domain/pricing';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { errorMessage } from '@/web/lib/api';
import { formatCount } from '@/web/lib/format';
import { toast } from '@/web/lib/toast';
import type { AdminVenue } from '@/domain/contract';
import { useVenueDecision, VenuePhoto, VenueStatusBadge } from '@/web/features/venues';
import { paymentsApi, type RevealedBankDetails } from '@/web/features/payments';

const STATUS_FAILED = 'Failed to update venue status.';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">
        {children || <span className="text-muted-foreground">—</span>}
      </dd>
    </div>
  );
}

/**
 * The venue's bank details: the server sends the numbers masked to their last four (they are
 * encrypted at rest, decision 59); Reveal asks it for the full numbers (each reveal is audited)
 * and Hide forgets them again.
 */
function BankNumbers({ venue }: { venue: AdminVenue }) {
  const [revealed, setRevealed] = useState<RevealedBankDetails | null>(null);
  const reveal = useMutation({
    mutationFn: () => paymentsApi.revealBankDetails(venue.id),
    onSuccess: setRevealed,
    onError: () => toast.error('Failed to reveal bank details.'),
  });
  const hasNumbers = Boolean(venue.bank_account_number || venue.bank_routing_number || venue.tax_id);
  const shown = (full: string | null | undefined, masked: string | null | undefined) =>
    (revealed ? full : masked) || null;
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail label="Account holder">{venue.bank_account_holder_name}</Detail>
        <Detail label="Tax ID">
          <span className="font-mono tabular-nums">{shown(revealed?.tax_id, venue.tax_id)}</span>
        </Detail>
        <Detail label="Account number">
          <span className="font-mono tabular-nums">
            {shown(revealed?.bank_account_number, venue.bank_account_number)}
          </span>
        </Detail>
        <Detail label="Routing number">
          <span className="font-mono tabular-nums">
            {shown(revealed?.bank_routing_number, venue.bank_routing_number)}
          </span>
        </Detail>
      </dl>
      {hasNumbers && (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="mt-2 h-auto px-0 text-xs"
          onClick={() => (revealed ? setRevealed(null) : reveal.mutate())}
          disabled={reveal.isPending}
          aria-pressed={Boolean(revealed)}
        >
          {revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {revealed ? 'Hide bank details' : 'Reveal bank details'}
        </Button>
      )}
    </>
  );
}

/**
 * A live venue's changes waiting for the admin (decision 74): guests keep seeing the approved
 * version above until Approve applies these; Reject drops them.
 */
function ProposedChanges({ venue }: { venue: AdminVenue }) {
  const images = venue.pending_images ?? [];
  return (
    <section
      className="rounded-xl border border-accent/40 bg-accent/5 p-4"
      aria-labelledby={`changes-${venue.id}`}
      data-testid="proposed-changes"
    >
      <h4 id={`changes-${venue.id}`} className="text-sm font-semibold">
        Changes awaiting approval
      </h4>
      <p className="mt-1 text-xs text-muted-foreground">
        This venue is live. Guests see the approved version above until you approve these changes
        {venue.pending_since ? ` (sent ${format(new Date(venue.pending_since), 'MMM d, yyyy')})` : ''}.
      </p>
      <dl className="mt-3 grid gap-3">
        {venue.pending_name !== null && venue.pending_name !== undefined && (
          <Detail label="New name">{venue.pending_name}</Detail>
        )}
        {venue.pending_description !== null && venue.pending_description !== undefined && (
          <Detail label="New description">
            {venue.pending_description.trim() === '' ? 'Description removed' : venue.pending_description}
          </Detail>
        )}
        {images.length > 0 && (
          <Detail label={images.length === 1 ? 'New photo' : `${images.length} new photos`}>
            <ul className="mt-1 grid grid-cols-3 gap-1.5">
              {images.map((image, i) => (
                <li key={image.path} className="overflow-hidden rounded-md">
                  <img
                    src={image.card_url}
                    alt={`Proposed photo ${i + 1} of ${venue.name}`}
                    width={640}
                    height={400}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[16/10] w-full object-cover"
                  />
                </li>
              ))}
            </ul>
          </Detail>
        )}
      </dl>
    </section>
  );
}

export function PendingVenueCard({ venue }: { venue: AdminVenue }) {
  const [notes, setNotes] = useState('');
  const decide = useVenueDecision();
  const notesId = `approval-notes-${venue.id}`;
  const blank = notes.trim() === '';
  const busy = decide.isPending;

  const run = (action: 'approve' | 'reject') =>
    decide.mutate(
      { id: venue.id, action, notes },
      {
        onSuccess: () => {
          if (action === 'approve' && venue.pending_since)
            toast.success('Changes Approved', `Guests now see the changes to ${venue.name}.`);
          else if (action === 'approve')
            toast.success('Venue Approved', `${venue.name} is now live for guests.`);
          else if (venue.pending_since)
            toast.success(
              'Changes Rejected',
              `${venue.host.full_name ?? 'The host'} has been notified with your reason; the venue stays live.`,
            );
          else
            toast.success(
              'Venue Rejected',
              `${venue.host.full_name ?? 'The host'} has been notified with your reason.`,
            );
        },
        onError: (error) => {
          console.error('Failed to update venue status', error);
          const detail = errorMessage(error, '');
          toast.error(STATUS_FAILED, detail && detail !== STATUS_FAILED ? detail : undefined);
        },
      },
    );

  return (
    <article
      className="overflow-hidden rounded-2xl border border-border bg-surface/90 shadow-xl shadow-black/30"
      aria-labelledby={`pending-${venue.id}-name`}
      data-testid="pending-venue"
    >
      <div className="grid gap-0 md:grid-cols-[18rem_minmax(0,1fr)]">
        <div className="border-b border-border md:border-b-0 md:border-r">
          <VenuePhoto src={venue.images[0]?.card_url} alt={`${venue.name} card image`} />
          {venue.images.length > 1 && (
            <ul className="grid grid-cols-3 gap-1.5 p-2" aria-label={`${venue.images.length} photos`}>
              {venue.images.slice(1, 7).map((image, i) => (
                <li key={image.path} className="overflow-hidden rounded-md">
                  <img
                    src={image.card_url}
                    alt={`${venue.name} photo ${i + 2}`}
                    width={640}
                    height={400}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[16/10] w-full object-cover"
                  />
                </li>
              ))}
            </ul>
          )}
          <p className="px-3 py-2 text-xs text-muted-foreground">
            {venue.images.length === 0
              ? 'No photos uploaded'
              : venue.images.length === 1
                ? '1 photo'
                : `${venue.images.length} photos`}
          </p>
        </div>
        <div className="flex min-w-0 flex-col gap-5 p-5 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h3 id={`pending-${venue.id}-name`} className="text-xl font-semibold">
                {venue.name}
              </h3>
              <p className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
                <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                {venue.address}, {venue.city}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <VenueStatusBadge venue={venue} />
              <span className="text-xs text-muted-foreground">
                Submitted {format(new Date(venue.created_at), 'MMM d, yyyy')}
              </span>
            </div>
          </div>

          <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            <span className="inline-flex items-center gap-1.5">
              <Badge tone="accent">{PRICING_TYPE_LABELS[venue.pricing_type]}</Badge>
              <span className="font-semibold tabular-nums">
                {formatPriceWithUnit(venue.base_price, venue.pricing_type)}
              </span>
            </span>
            <span className="inline-flex items-center gap-1.5 text-muted-foreground">
              <Users className="size-4" aria-hidden="true" />
              Up to {formatCount(venue.capacity)} guests
            </span>
            {venue.open_to_flexible_hours && <Badge tone="info">Flexible Hours</Badge>}
          </div>

          {venue.description && (
            <p className="line-clamp-3 text-sm text-muted-foreground">{venue.description}</p>
          )}
          {venue.pending_since && <ProposedChanges venue={venue} />}
          {venue.amenities.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Amenities">
              {venue.amenities.map((a) => (
                <li key={a}>
                  <Badge>{amenityLabel(a)}</Badge>
                </li>
              ))}
            </ul>
          )}

          <div className="grid gap-4 lg:grid-cols-2">
            <div className="rounded-xl border border-border bg-surface-raised/50 p-4">
              <h4 className="mb-3 flex items-center gap-2 text-sm font-semibold">
                <UserRound className="size-4 text-accent-soft" aria-hidden="true" />
                Host
              </h4>
              <dl className="grid gap-3 sm:grid-cols-2">
                <Detail label="Name">{venue.host.full_name}</Detail>
                <Detail label="Business">{venue.host.business_name ?? venue.business_name}</Detail>
                <Detail label="Email">
                  <a className="text-accent-soft hover:underline" href={`mailto:${venue.host.email}`}>
                    {venue.host.email}
                  </a>
                </Detail>
                <Detail label="Venue contact">
                  <span className="flex flex-col gap-0.5">
                    {venue.phone && (
                      <span className="inline-flex items-center gap-1.5">
                        <Phone className="size-3.5 text-muted-foreground" aria-hidden="true" />
                        {venue.phone}
                      </span>
                    )}
                    {venue.email && (
                      <span className="inline-flex items-center gap-1.5 break-all">
                        <Mail className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                        {venue.email}
                      </span>
                    )}
                  </span>
                </Detail>
              </dl>
            </div>
            <div className="rounded-xl border border-border bg-surface-raised/50 p-4">
              <h4 className="mb-3 flex items-center gap-2 text-sm font-semibold">
                <Landmark className="size-4 text-accent-soft" aria-hidden="true" />
                Bank details
              </h4>
              <BankNumbers venue={venue} />
            </div>
          </div>

          <div className="grid gap-2">
            <Label htmlFor={notesId}>Notes</Label>
            <Textarea
              id={notesId}
              rows={3}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              placeholder="Optional when approving; required to reject (sent to the host)."
              aria-describedby={`${notesId}-hint`}
              disabled={busy}
            />
            <p id={`${notesId}-hint`} className="text-xs text-muted-foreground">
              A reason is required to reject a venue.
            </p>
          </div>

          <div className="flex flex-wrap items-center gap-2">
            <Button onClick={() => run('approve')} disabled={busy}>
              <Check aria-hidden="true" />
              {busy && decide.variables?.action === 'approve' ? 'Approving...' : 'Approve'}
            </Button>
            <Button variant="destructive" onClick={() => run('reject')} disabled={busy || blank}>
              <X aria-hidden="true" />
              {busy && decide.variables?.action === 'reject' ? 'Rejecting...' : 'Reject'}
            </Button>
            <div className="ml-auto flex gap-2">
              <Button asChild variant="ghost" size="sm">
                <Link to={`/venue/${venue.id}`}>
                  <Eye aria-hidden="true" />
                  Preview
                </Link>
              </Button>
              <Button asChild variant="ghost" size="sm">
                <Link to={`/edit-venue/${venue.id}`}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Link>
              </Button>
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}
