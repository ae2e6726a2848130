/*
 * /upload-venue — Add New Venue (host only, SPEC §2, §5). The venue is created first (inactive,
 * sent for admin approval), then its photos are uploaded one at a time in the chosen order, each
 * with a progress bar; a photo that fails is skipped and named in the final toast.
 */
import { useState } from 'react';
import { usePublicConfig } from '@/web/lib/publicConfig';
import { Link, useNavigate } from 'react-router';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FileCheck2, Images } from 'lucide-react';
import type { VenueInput } from '@/domain/schemas';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { PageHeader } from '@/web/components/ui/page-header';
import { useUnsavedChanges } from '@/web/components/UnsavedChanges';
import { Container } from '@/web/components/Container';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useAuth } from '@/web/features/auth';
import {
  AmenitiesSection,
  BasicInfoSection,
  createVenueResolver,
  emptyVenueForm,
  fieldId,
  FormSection,
  HoursSection,
  invalidateVenueViews,
  PaymentSection,
  PhotoList,
  PhotoPickerButton,
  PricingSection,
  uploadVenueImage,
  usePendingPhotos,
  type VenueFormValues,
  venuesApi,
} from '@/web/features/venues';

const CREATE_FAILED = 'Failed to create venue. Please try again.';

export default function UploadVenuePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { profile } = useAuth();
  const photos = usePendingPhotos();
  const [submitting, setSubmitting] = useState(false);
  const [uploadNote, setUploadNote] = useState<string | null>(null);

  const form = useForm<VenueFormValues, unknown, VenueInput>({
    resolver: createVenueResolver,
    defaultValues: emptyVenueForm(),
    mode: 'onTouched',
  });
  const publicConfig = usePublicConfig();
  const fee = publicConfig.data;
  const payoutTerms = fee
    ? `Guests pay through Velvet. Velvet keeps ${fee.platform_fee_percent}% of each booking's payments; the rest is yours, available ${fee.payout_hold_days} days after the event.`
    : 'Guests pay through Velvet; venues are paid after the event is completed.';
  const termsAccepted = useWatch({ control: form.control, name: 'terms_accepted' });
  // Nothing typed is lost: leaving with unsaved fields or chosen photos asks first.
  const leave = useUnsavedChanges(form.formState.isDirty || photos.items.length > 0);
  const termsError = form.formState.errors.terms_accepted?.message;

  const onSubmit = async (input: VenueInput) => {
    if (!profile || submitting) return; // SPEC §5: ignored without a signed-in profile.
    setSubmitting(true);
    let venueId: string;
    try {
      const venue = await venuesApi.create(input);
      venueId = venue.id;
    } catch (error) {
      toast.error('Error Creating Venue', errorMessage(error, CREATE_FAILED));
      setSubmitting(false);
      return;
    }

    const queue = photos.items;
    const skipped: string[] = [];
    for (const item of queue) photos.update(item.key, { status: 'queued', progress: 0 });
    for (const [i, item] of queue.entries()) {
      setUploadNote(`Uploading photo ${i + 1} of ${queue.length}…`);
      photos.update(item.key, { status: 'uploading', progress: 0 });
      try {
        await uploadVenueImage(venueId, item.file, (progress) => photos.update(item.key, { progress }));
        photos.update(item.key, { status: 'done', progress: 1 });
      } catch (error) {
        const reason = errorMessage(error, 'Upload failed.');
        console.error('Image upload failed', item.name, error);
        photos.update(item.key, { status: 'failed', error: reason });
        skipped.push(`${item.name} (${reason})`);
      }
    }
    setUploadNote(null);

    invalidateVenueViews(queryClient);
    toast.success(
      'Venue created successfully and sent for admin approval.',
      skipped.length
        ? `These photos could not be uploaded and were skipped: ${skipped.join('; ')}`
        : undefined,
    );
    leave.allowNavigation();
    navigate('/host-dashboard');
  };

  return (
    <>
      {leave.dialog}
      <Container className="flex max-w-4xl flex-col gap-8 py-10 sm:py-14">
        <Button asChild variant="ghost" size="sm" className="w-fit">
          <Link to="/host-dashboard">
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <PageHeader
          eyebrow="Host"
          title="Add New Venue"
          description="Tell guests about your space. New venues are reviewed by our team within 24-48 hours."
        />

        <FormProvider {...form}>
          <form
            noValidate
            onSubmit={form.handleSubmit(onSubmit)}
            className="flex flex-col gap-6"
            aria-busy={submitting}
          >
            <fieldset disabled={submitting} className="contents">
              <BasicInfoSection />
              <AmenitiesSection />
              <FormSection
                id="images"
                title="Images"
                icon={Images}
                description="Add several photos. The first one is your card image; use the arrows to reorder."
              >
                <div className="grid gap-4">
                  <PhotoList
                    items={photos.items}
                    onMove={photos.move}
                    onRemove={photos.remove}
                    disabled={submitting}
                  />
                  <PhotoPickerButton onFiles={photos.add} disabled={submitting} />
                </div>
              </FormSection>
              <HoursSection />
              <PricingSection />
              <PaymentSection />
              <FormSection id="terms" title="Terms and Conditions" icon={FileCheck2}>
                <ul className="mb-5 grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
                  <li>I am authorised to list this venue and the information above is accurate.</li>
                  <li>{payoutTerms}</li>
                  <li>Velvet reviews every new venue before it is visible to guests (within 24-48 hours).</li>
                </ul>
                <Controller
                  control={form.control}
                  name="terms_accepted"
                  render={({ field }) => (
                    <div className="grid gap-2">
                      <label
                        htmlFor={fieldId('terms_accepted')}
                        className="flex cursor-pointer items-start gap-3"
                      >
                        <Checkbox
                          id={fieldId('terms_accepted')}
                          checked={field.value}
                          onCheckedChange={(v) => field.onChange(v === true)}
                          onBlur={field.onBlur}
                          aria-invalid={termsError ? true : undefined}
                          className="mt-0.5"
                        />
                        <span className="text-sm font-medium">
                          I accept the{' '}
                          <Link
                            to="/terms"
                            target="_blank"
                            rel="noopener"
                            className="text-accent-soft underline underline-offset-2 hover:text-foreground"
                          >
                            Terms and Conditions
                          </Link>
                        </span>
                      </label>
                      {termsError && (
                        <p className="text-sm text-danger" role="alert">
                          {termsError}
                        </p>
                      )}
                    </div>
                  )}
                />
              </FormSection>
            </fieldset>

            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
              {uploadNote && (
                <p role="status" className="text-sm text-muted-foreground sm:mr-auto">
                  {uploadNote}
                </p>
              )}
              <Button asChild variant="ghost" size="lg">
                <Link
                  to="/host-dashboard"
                  aria-disabled={submitting || undefined}
                  tabIndex={submitting ? -1 : undefined}
                >
                  Cancel
                </Link>
              </Button>
              <Button type="submit" size="lg" disabled={!termsAccepted || submitting}>
                {submitting ? 'Creating Venue...' : 'Create Venue'}
              </Button>
            </div>
          </form>
        </FormProvider>
      </Container>
    </>
  );
}
