/*
 * /edit-venue/:id — Edit venue (admin, or the host who owns it; SPEC §2, §5, §6). Fields save
 * with 'Save Changes'; photo changes (upload, delete, reorder) apply at once.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Eye, Images, ShieldCheck } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { PageHeader } from '@/web/components/ui/page-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useUnsavedChanges } from '@/web/components/UnsavedChanges';
import { Container } from '@/web/components/Container';
import { AccessDenied } from '@/web/components/AccessDenied';
import { errorMessage, isApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useAuth } from '@/web/features/auth';
import {
  AmenitiesSection,
  BasicInfoSection,
  editVenueResolver,
  fieldId,
  FormSection,
  HoursSection,
  invalidateVenueViews,
  PaymentSection,
  PricingSection,
  type VenueEditOutput,
  type VenueFormValues,
  VenuePhotosManager,
  venuesApi,
  VenueStatusBadge,
  venueToForm,
} from '@/web/features/venues';
import type { Venue, VenueImage } from '@/domain/contract';
import { queryKeys } from '@/web/lib/queryKeys';

const OWN_VENUES_ONLY = 'Access Denied: You can only edit your own venues.';

export default function EditVenuePage() {
  const { role, profile } = useAuth();
  const { id = '' } = useParams();
  if (role !== 'admin' && role !== 'host') {
    return <AccessDenied message="Access denied. Admin or host privileges required." />;
  }
  return <EditVenue key={id} id={id} isAdmin={role === 'admin'} profileId={profile?.id ?? null} />;
}

function EditVenue({ id, isAdmin, profileId }: { id: string; isAdmin: boolean; profileId: string | null }) {
  const navigate = useNavigate();
  const dashboard = isAdmin ? '/admin-dashboard' : '/host-dashboard';
  const venue = useQuery({
    // Read fresh on every visit. A live refresh later updates this entry but not the form:
    // EditVenueForm takes its values from the first read only (react-hook-form defaultValues).
    queryKey: queryKeys.venue(id),
    queryFn: ({ signal }) => venuesApi.get(id, signal),
    refetchOnMount: 'always',
    retry: false,
  });
  const handled = useRef(false);

  const notOwner = Boolean(venue.data && !isAdmin && venue.data.host_id !== profileId);

  useEffect(() => {
    if (handled.current) return;
    if (notOwner) {
      handled.current = true;
      toast.error(OWN_VENUES_ONLY);
      navigate('/host-dashboard', { replace: true });
    } else if (venue.isError) {
      handled.current = true;
      if (isApiError(venue.error) && venue.error.status === 403) {
        toast.error(OWN_VENUES_ONLY);
        navigate('/host-dashboard', { replace: true });
      } else {
        console.error('Failed to load venue data', venue.error);
        toast.error('Failed to load venue data.');
        navigate(dashboard, { replace: true });
      }
    }
  }, [notOwner, venue.isError, venue.error, navigate, dashboard]);

  return (
    <>
      <Container className="flex max-w-4xl flex-col gap-8 py-10 sm:py-14">
        <Button asChild variant="ghost" size="sm" className="w-fit">
          <Link to={dashboard}>
            <ArrowLeft aria-hidden="true" />
            {isAdmin ? 'Back to Admin Dashboard' : 'Back to Host Dashboard'}
          </Link>
        </Button>
        {venue.data && !notOwner ? (
          <EditVenueForm venue={venue.data} isAdmin={isAdmin} dashboard={dashboard} />
        ) : (
          <EditSkeleton />
        )}
      </Container>
    </>
  );
}

function EditSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading venue data...
      </span>
      <Skeleton className="h-4 w-20" />
      <Skeleton className="h-10 w-72 max-w-full" />
      <Skeleton className="h-80" />
      <Skeleton className="h-64" />
    </div>
  );
}

function EditVenueForm({ venue, isAdmin, dashboard }: { venue: Venue; isAdmin: boolean; dashboard: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [images, setImages] = useState<VenueImage[]>(venue.images ?? []);

  const form = useForm<VenueFormValues, unknown, VenueEditOutput>({
    resolver: editVenueResolver,
    defaultValues: venueToForm(venue),
    mode: 'onTouched',
  });
  // Nothing typed is lost: leaving with unsaved changes asks first (photos apply at once).
  const leave = useUnsavedChanges(form.formState.isDirty);

  const save = useMutation({
    mutationFn: (values: VenueEditOutput) => {
      const { is_active, ...fields } = values;
      // is_active is the admin's to change; the server ignores it from hosts anyway.
      return venuesApi.update(venue.id, isAdmin ? { ...fields, is_active } : fields);
    },
    onSuccess: (updated) => {
      invalidateVenueViews(queryClient, venue.id);
      toast.success(
        'Venue updated successfully.',
        updated.pending_since && !isAdmin
          ? 'Changes to the name, description or photos go live once approved.'
          : undefined,
      );
      leave.allowNavigation();
      navigate(dashboard);
    },
    onError: (error) => {
      console.error('Failed to update venue', error);
      const detail = errorMessage(error, '');
      toast.error(
        'Failed to update venue.',
        detail && detail !== 'Failed to update venue.' ? detail : undefined,
      );
    },
  });

  return (
    <>
      {leave.dialog}
      <PageHeader
        eyebrow={isAdmin ? 'Admin' : 'Host'}
        title="Edit Venue"
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="font-medium text-foreground">{venue.name}</span>
            <VenueStatusBadge venue={venue} />
          </span>
        }
        actions={
          <Button asChild variant="outline">
            <Link to={`/venue/${venue.id}`}>
              <Eye aria-hidden="true" />
              View
            </Link>
          </Button>
        }
      />
      {venue.pending_since && (
        <p
          role="status"
          className="rounded-xl border border-accent/40 bg-accent/5 px-4 py-3 text-sm"
          data-testid="pending-changes-note"
        >
          {isAdmin
            ? 'The host’s changes to the name, description or photos are waiting for your approval in Venue Approvals. Guests see the approved version until then.'
            : 'Your changes to the name, description or photos are waiting for approval. Guests keep seeing the approved version, and can still book, until then.'}
        </p>
      )}
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
          className="flex flex-col gap-6"
          aria-busy={save.isPending}
        >
          <BasicInfoSection />
          {isAdmin && (
            <FormSection
              id="status"
              title="Status"
              icon={ShieldCheck}
              description="Only active venues appear in search and can be booked."
            >
              <Controller
                control={form.control}
                name="is_active"
                render={({ field }) => (
                  <label htmlFor={fieldId('is_active')} className="flex cursor-pointer items-center gap-3">
                    <Checkbox
                      id={fieldId('is_active')}
                      checked={field.value}
                      onCheckedChange={(v) => field.onChange(v === true)}
                      onBlur={field.onBlur}
                    />
                    <span className="font-medium">Active</span>
                  </label>
                )}
              />
            </FormSection>
          )}
          <FormSection
            id="images"
            title="Images"
            icon={Images}
            description="The first photo is the card image. Photo changes are saved right away."
          >
            <VenuePhotosManager
              venueId={venue.id}
              images={images}
              onImagesChange={setImages}
              awaitingApproval={venue.pending_images ?? []}
            />
          </FormSection>
          <AmenitiesSection />
          <HoursSection />
          <PricingSection />
          <PaymentSection onFile={venue} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button asChild variant="ghost" size="lg">
              <Link to={dashboard}>Cancel</Link>
            </Button>
            <Button type="submit" size="lg" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </FormProvider>
    </>
  );
}
