import { todayInZone } from '@/domain/availability';
/** Month arithmetic on 'yyyy-MM' strings (calendar time, no zone). */

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

function parts(month: string): [number, number] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return [y, m];
}

export function addMonths(month: string, n: number): string {
  const [y, m] = parts(month);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function daysInMonth(month: string): number {
  const [y, m] = parts(month);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function firstDay(month: string): string {
  return `${month}-01`;
}

export function lastDay(month: string): string {
  return `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
}

/** Every date of the month, 'yyyy-MM-dd'. */
export function datesOfMonth(month: string): string[] {
  return Array.from({ length: daysInMonth(month) }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'June 2030'. */
export function formatMonth(month: string): string {
  const [y, m] = parts(month);
  return monthTitle.format(new Date(Date.UTC(y, m - 1, 1)));
}

/** Today at the venue; a zone the browser does not know falls back to UTC. */
export function safeToday(timeZone: string): string {
  try {
    return todayInZone(timeZone);
  } catch {
    return todayInZone('UTC');
  }
}
