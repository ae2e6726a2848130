import { describe, expect, it } from 'vitest';
import { AMENITIES, AMENITY_LABELS, amenityLabel, isAmenity, sortAmenities } from './amenities';

describe('amenities', () => {
  it('lists the SPEC values with their labels', () => {
    expect(AMENITIES.map((a) => [a, AMENITY_LABELS[a]])).toEqual([
      ['bar', 'Bar'],
      ['dance_floor', 'Dance Floor'],
      ['sound_system', 'Sound System'],
      ['music', 'Music'],
      ['dj', 'DJ'],
      ['user_controlled_music', 'Guest Music Control'],
      ['parking', 'Parking'],
      ['outdoor_space', 'Outdoor Space'],
      ['security', 'Security'],
    ]);
  });
  it('recognizes amenities', () => {
    expect(isAmenity('dj')).toBe(true);
    expect(isAmenity('pool')).toBe(false);
    expect(isAmenity(3)).toBe(false);
  });
  it('labels known and unknown values', () => {
    expect(amenityLabel('user_controlled_music')).toBe('Guest Music Control');
    expect(amenityLabel('rooftop_deck')).toBe('Rooftop Deck');
  });
  it('sorts into canonical order, dropping duplicates and unknown values', () => {
    expect(sortAmenities(['security', 'bar', 'pool', 'bar', 'dj'])).toEqual(['bar', 'dj', 'security']);
  });
});
