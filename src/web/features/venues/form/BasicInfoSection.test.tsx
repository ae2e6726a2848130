import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Venue } from '@/domain/contract';
import { BasicInfoSection } from './BasicInfoSection';
import { createVenueResolver, emptyVenueForm, venueToForm, type VenueFormValues } from './venueForm';

/** The server's DEFAULT_TIME_ZONE in these tests: never the browser's. */
const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
const SERVER_ZONE = browser === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      path === '/api/config'
        ? new Response(JSON.stringify({ default_time_zone: SERVER_ZONE }), {
            headers: { 'content-type': 'application/json' },
          })
        : new Response('{}', { status: 404 }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

let read: () => VenueFormValues;
function Form({ values }: { values: VenueFormValues }) {
  const form = useForm<VenueFormValues>({ defaultValues: values });
  read = () => form.getValues();
  return (
    <FormProvider {...form}>
      <BasicInfoSection />
      <span data-testid="dirty">{String(form.formState.isDirty)}</span>
    </FormProvider>
  );
}

function renderForm(values: VenueFormValues) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return render(<Form values={values} />, { wrapper });
}

describe('the venue form’s time zone', () => {
  it("a new venue starts in the server's DEFAULT_TIME_ZONE, not the browser's, and the form stays clean", async () => {
    renderForm(emptyVenueForm());
    const box = screen.getByRole('combobox', { name: 'Time Zone' });
    await waitFor(() => expect(read().time_zone).toBe(SERVER_ZONE));
    expect(box).toHaveProperty('value', expect.stringContaining(SERVER_ZONE.replace('_', ' ')));
    expect(screen.getByTestId('dirty').textContent).toBe('false');
    expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/config', expect.anything());
  });

  it('an existing venue keeps its own zone', async () => {
    const venue = { ...venueToForm({ time_zone: 'America/Denver', hours: {} } as unknown as Venue) };
    renderForm(venue);
    await new Promise((r) => setTimeout(r, 50));
    expect(read().time_zone).toBe('America/Denver');
  });

  it('a zone still empty when the form is sent is left out (the server applies its default)', async () => {
    const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<
      typeof createVenueResolver
    >[2];
    const empty = await createVenueResolver(emptyVenueForm(), undefined, options);
    expect(empty.errors.time_zone).toBeUndefined();
    expect(empty.errors.name).toBeDefined();
    const bad = await createVenueResolver(
      { ...emptyVenueForm(), time_zone: 'Not/AZone' },
      undefined,
      options,
    );
    expect(bad.errors.time_zone?.message).toBe('Please choose a valid time zone.');
  });
});
