/**
 * Weekly hours as an editor holds them: prices stay text while typed. toDraft and fromDraft
 * convert to and from the domain's WeeklyHours (fromDraft validates with its schema).
 */
import { WEEK_DAYS, type WeekDay } from '@/domain/calendar';
import { defaultDayHours, type WeeklyHours } from '@/domain/hours';
import type { PricingType } from '@/domain/pricing';
import { firstIssueMessage, weeklyHoursSchema } from '@/domain/schemas';

export interface DayDraft {
  open: string;
  close: string;
  closed: boolean;
  /** As typed; blank means 0 (no day price: the venue's base price applies). */
  price: string;
  pricing_type: PricingType;
}
export type WeeklyDraft = Record<WeekDay, DayDraft>;

export function toDraft(hours: WeeklyHours): WeeklyDraft {
  return Object.fromEntries(
    WEEK_DAYS.map((day) => {
      const h = hours[day] ?? defaultDayHours(day);
      return [day, { ...h, price: h.price ? String(h.price) : '' }];
    }),
  ) as WeeklyDraft;
}

/** The draft with its prices read as numbers (blank is 0), not yet validated. */
export function draftToHours(draft: WeeklyDraft): WeeklyHours {
  return Object.fromEntries(
    WEEK_DAYS.map((day) => {
      const d = draft[day];
      const text = d.price.trim();
      return [day, { ...d, price: text === '' ? 0 : Number(text) }];
    }),
  ) as WeeklyHours;
}

/** The draft as WeeklyHours, or the first problem with the day it concerns. */
export function fromDraft(
  draft: WeeklyDraft,
): { ok: true; hours: WeeklyHours } | { ok: false; day: WeekDay | null; message: string } {
  const parsed = weeklyHoursSchema.safeParse(draftToHours(draft));
  if (parsed.success) return { ok: true, hours: parsed.data };
  const { field, message } = firstIssueMessage(parsed.error);
  const day = (WEEK_DAYS as readonly string[]).includes(field.split('.')[0] ?? '')
    ? (field.split('.')[0] as WeekDay)
    : null;
  return { ok: false, day, message };
}
