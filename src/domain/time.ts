/**
 * The 15-minute time grid. Times are 'HH:MM' strings (24-hour clock), the wire and
 * column format of start_time / end_time and of weekly opening hours.
 */

export const MINUTES_PER_DAY = 24 * 60;
export const TIME_STEP_MINUTES = 15;

const GRID_TIME = /^([01]\d|2[0-3]):(00|15|30|45)$/;
const ANY_TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** True for a strict 'HH:MM' time whose minutes are 00, 15, 30 or 45. */
export function isOnTimeGrid(t: string): boolean {
  return GRID_TIME.test(t);
}

/** True for 'HH:MM' or 'HH:MM:SS' (how PostgreSQL returns a `time` column). */
export function isValidTime(t: string): boolean {
  return ANY_TIME.test(t);
}

/** Minutes since midnight. Accepts 'HH:MM' and 'HH:MM:SS' (seconds ignored). */
export function timeToMinutes(t: string): number {
  const match = ANY_TIME.exec(t);
  if (!match) throw new RangeError(`Invalid time: "${t}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 'HH:MM' for a number of minutes, wrapped into one day (1440 → '00:00', -15 → '23:45'). */
export function minutesToTime(minutes: number): string {
  if (!Number.isInteger(minutes)) throw new RangeError(`Invalid minutes: ${minutes}`);
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** 'HH:MM:SS' → 'HH:MM'; a valid 'HH:MM' is returned unchanged. */
export function normalizeTime(t: string): string {
  return minutesToTime(timeToMinutes(t));
}

/** Every grid time of a day: '00:00', '00:15', … '23:45' (96 values). */
export const TIME_CHOICES: string[] = Array.from({ length: MINUTES_PER_DAY / TIME_STEP_MINUTES }, (_, i) =>
  minutesToTime(i * TIME_STEP_MINUTES),
);

/** '21:30' → '9:30 PM', '00:00' → '12:00 AM', '12:15' → '12:15 PM'. */
export function formatTime12(t: string): string {
  const minutes = timeToMinutes(t);
  const hours24 = Math.floor(minutes / 60);
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  return `${hours12}:${String(minutes % 60).padStart(2, '0')} ${hours24 < 12 ? 'AM' : 'PM'}`;
}

/** '9:00 PM - 1:00 AM'. */
export function formatTimeRange(start: string, end: string): string {
  return `${formatTime12(start)} - ${formatTime12(end)}`;
}

/**
 * Minutes from start to end, rolling over midnight when end is earlier than start
 * (22:00 → 02:00 is 240). end === start gives 0.
 */
export function durationMinutes(start: string, end: string): number {
  return (timeToMinutes(end) - timeToMinutes(start) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

/** Billable hours: the duration rounded UP to whole hours, at least 1 (SPEC §9). */
export function bookingHours(start: string, end: string): number {
  return Math.max(1, Math.ceil(durationMinutes(start, end) / 60));
}

/** True when the booking ends on the next calendar day (end earlier than start). */
export function crossesMidnight(start: string, end: string): boolean {
  return timeToMinutes(end) < timeToMinutes(start);
}
