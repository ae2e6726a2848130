/**
 * The request schema of weekly opening hours (venue.hours): used by the venue forms and the
 * hours endpoint. Reading stored hours needs no zod: domain/hours.ts `readDayHours` applies the
 * same rules (a test holds them together).
 */
import { z } from 'zod';
import { WEEK_DAYS, isIsoDate, type WeekDay } from '../calendar';
import { PRICING_TYPES, isWholeCents } from '../pricing';
import { isOnTimeGrid } from '../time';

const gridTime = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .refine(isOnTimeGrid, `${label} must be on the 15-minute grid (HH:MM).`);

export const dayHoursSchema = z.object(
  {
    open: gridTime('Opening time'),
    close: gridTime('Closing time'),
    closed: z.boolean({ error: 'Closed must be true or false.' }).default(false),
    price: z
      .number({ error: 'Day price must be a number.' })
      .min(0, 'Day price cannot be negative.')
      .max(1_000_000, 'Day price must be at most $1,000,000.')
      .refine(isWholeCents, 'Day price must be in whole cents.')
      .default(0),
    pricing_type: z
      .enum(PRICING_TYPES, { error: 'Pricing type must be hourly_rate or minimum_spend.' })
      .default('hourly_rate'),
  },
  { error: 'Opening hours are required for every day of the week.' },
);

export const weeklyHoursSchema = z.object(
  Object.fromEntries(WEEK_DAYS.map((day) => [day, dayHoursSchema])) as Record<WeekDay, typeof dayHoursSchema>,
  { error: 'Opening hours are required.' },
);

const dateParam = (label: string) =>
  z
    .string({ error: `${label} must be a date (yyyy-MM-dd).` })
    .refine(isIsoDate, `${label} must be a date (yyyy-MM-dd).`)
    .optional();

/** GET /venues/:id/availability: the dates to show (both optional). */
export const availabilityRangeSchema = z.object({ from: dateParam('From'), to: dateParam('To') });

/** PUT /venues/:id/hours */
export const hoursBodySchema = z.object({ hours: weeklyHoursSchema }, { error: 'Invalid request body.' });
