/**
 * Finding and naming IANA time zones for people: the venue form's picker searches them by city
 * ("Paris" finds Europe/Paris, "new york" America/New_York), and pages label a venue's zone by
 * its city ("New York time") when it is not the viewer's own.
 */

/** Lower case, accents and punctuation gone, underscores and slashes as spaces. */
function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_/\-.,()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The city of a zone as people write it: 'America/Argentina/Buenos_Aires' → 'Buenos Aires'. */
export function zoneCity(zone: string): string {
  const last = zone.split('/').at(-1) ?? zone;
  return last.replaceAll('_', ' ');
}

/** 'America/New_York' → 'America/New York' (the picker's and the pages' way of writing a zone). */
export const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/** 'New York time' ('UTC' for UTC): the tag shown next to times in another zone. */
export function zoneTimeLabel(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  return `${zoneCity(zone)} time`;
}

/**
 * The zones matching what was typed, best first: every word must appear in the zone's name
 * (region or city); a city that starts with the query comes before one that merely contains
 * it, then a region match, each group alphabetical. An empty query returns every zone.
 */
export function searchTimeZones(zones: readonly string[], query: string, limit = Infinity): string[] {
  const q = normalize(query);
  if (!q) return zones.slice(0, limit);
  const words = q.split(' ');
  const ranked: Array<{ zone: string; rank: number }> = [];
  for (const zone of zones) {
    const name = normalize(zone);
    if (!words.every((w) => name.includes(w))) continue;
    const city = normalize(zoneCity(zone));
    const rank = city === q ? 0 : city.startsWith(q) ? 1 : city.includes(q) ? 2 : 3;
    ranked.push({ zone, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.zone.localeCompare(b.zone));
  return ranked.slice(0, limit).map((r) => r.zone);
}

/** Whether two zone names are different zones (case and alias spelling aside). */
export function sameZone(a: string, b: string): boolean {
  const canonical = (z: string) => {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: z }).resolvedOptions().timeZone;
    } catch {
      return z;
    }
  };
  return a === b || canonical(a) === canonical(b);
}

/** The zone's offset from UTC at an instant, as 'GMT+1' / 'GMT-5' / 'GMT'. */
export function zoneOffsetLabel(zone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return (part?.value ?? '').replace(/^GMT\+0$/, 'GMT');
  } catch {
    return '';
  }
}
