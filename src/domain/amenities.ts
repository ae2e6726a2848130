/** Venue amenities (SPEC §3). */

export const AMENITIES = [
  'bar',
  'dance_floor',
  'sound_system',
  'music',
  'dj',
  'user_controlled_music',
  'parking',
  'outdoor_space',
  'security',
] as const;
export type Amenity = (typeof AMENITIES)[number];

export const AMENITY_LABELS: Record<Amenity, string> = {
  bar: 'Bar',
  dance_floor: 'Dance Floor',
  sound_system: 'Sound System',
  music: 'Music',
  dj: 'DJ',
  user_controlled_music: 'Guest Music Control',
  parking: 'Parking',
  outdoor_space: 'Outdoor Space',
  security: 'Security',
};

export function isAmenity(value: unknown): value is Amenity {
  return typeof value === 'string' && (AMENITIES as readonly string[]).includes(value);
}

/** The label of an amenity; an unknown stored value is shown title-cased ('rooftop_deck' → 'Rooftop Deck'). */
export function amenityLabel(value: string): string {
  if (isAmenity(value)) return AMENITY_LABELS[value];
  return value
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Known amenities of a stored list, in the canonical order, without duplicates. */
export function sortAmenities(values: readonly string[]): Amenity[] {
  return AMENITIES.filter((a) => values.includes(a));
}
