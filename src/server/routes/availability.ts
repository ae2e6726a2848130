import { Hono } from 'hono';
import { z } from 'zod';
import { isIsoDate } from '@/domain/calendar';
import { dateOverrideSchema, weeklyHoursSchema, type DateOverrideInput } from '@/domain/schemas';
import type { AppContext, AppEnv } from '../context';
import { sendJson } from '../http/content-length';
import { parseWith, readJson, readQuery, uuidParam } from '../http/validate';
import { getViewer, requireRole, requireViewer } from '../http/viewer';
import * as availability from '../services/availability';
import { getVenue } from '../services/venues';
import type { Encoded, Ok, OverrideList, StoredOverride, Venue, VenueAvailability } from '@/domain/contract';

const dateParam = (label: string) =>
  z
    .string({ error: `${label} must be a date (yyyy-MM-dd).` })
    .refine(isIsoDate, `${label} must be a date (yyyy-MM-dd).`)
    .optional();

export const rangeSchema = z.object({ from: dateParam('From'), to: dateParam('To') });
export const hoursBodySchema = z.object({ hours: weeklyHoursSchema }, { error: 'Invalid request body.' });
const anyObject = z.record(z.string(), z.unknown());
export const overridePatchSchema = dateOverrideSchema.partial();

const OVERRIDE_NOT_FOUND = 'Date override not found.';

/** The venue calendar: weekly hours, date overrides and the confirmed times (SPEC §3, §4). */
export function availabilityRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/venues/:id/availability', async (c) => {
    const viewer = await getViewer(ctx, c);
    const id = uuidParam(c, 'id', availability.VENUE_NOT_FOUND);
    const range = readQuery(c, rangeSchema);
    c.header('cache-control', 'no-store');
    const calendar = await availability.getAvailability(ctx, viewer, id, range);
    return sendJson(c, JSON.stringify(calendar satisfies VenueAvailability));
  });

  r.put('/venues/:id/hours', async (c) => {
    const viewer = await requireRole(ctx, c, 'host');
    const id = uuidParam(c, 'id', availability.VENUE_NOT_FOUND);
    const { hours } = await readJson(c, hoursBodySchema);
    await availability.updateHours(ctx, viewer, id, hours);
    return c.json((await getVenue(ctx, viewer, id)) satisfies Encoded<Venue>);
  });

  r.get('/venues/:id/overrides', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = uuidParam(c, 'id', availability.VENUE_NOT_FOUND);
    c.header('cache-control', 'no-store');
    return c.json({
      overrides: await availability.listOverrides(ctx, viewer, id),
    } satisfies Encoded<OverrideList>);
  });

  r.post('/venues/:id/overrides', async (c) => {
    const viewer = await requireRole(ctx, c, 'host');
    const id = uuidParam(c, 'id', availability.VENUE_NOT_FOUND);
    const input = await readJson(c, dateOverrideSchema);
    return c.json(
      (await availability.upsertOverride(ctx, viewer, id, input)) satisfies Encoded<StoredOverride>,
      201,
    );
  });

  r.patch('/venues/:id/overrides/:overrideId', async (c) => {
    const viewer = await requireRole(ctx, c, 'host');
    const id = uuidParam(c, 'id', availability.VENUE_NOT_FOUND);
    const overrideId = uuidParam(c, 'overrideId', OVERRIDE_NOT_FOUND);
    // Only the fields sent change: the schema's defaults must not reset the others.
    const raw = await readJson(c, anyObject);
    const parsed = parseWith(overridePatchSchema, raw);
    const changes = Object.fromEntries(
      Object.entries(parsed).filter(([key]) => key in raw),
    ) as Partial<DateOverrideInput>;
    return c.json(
      (await availability.updateOverride(
        ctx,
        viewer,
        id,
        overrideId,
        changes,
      )) satisfies Encoded<StoredOverride>,
    );
  });

  r.delete('/venues/:id/overrides/:overrideId', async (c) => {
    const viewer = await requireRole(ctx, c, 'host');
    const id = uuidParam(c, 'id', availability.VENUE_NOT_FOUND);
    const overrideId = uuidParam(c, 'overrideId', OVERRIDE_NOT_FOUND);
    await availability.deleteOverride(ctx, viewer, id, overrideId);
    return c.json({ ok: true } satisfies Ok);
  });

  return r;
}
