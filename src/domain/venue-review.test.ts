import { describe, expect, it } from 'vitest';
import { backToReviewNote, contentNeedingReview } from './venue-review';

const approved = { is_active: true, name: 'The Velvet Room', description: 'A cosy bar.' };

describe('contentNeedingReview', () => {
  it('a host renaming, re-describing or adding a photo to an approved venue', () => {
    expect(contentNeedingReview(approved, { name: 'Totally New Name' }, 'host')).toEqual(['name']);
    expect(contentNeedingReview(approved, { description: 'Now a casino.' }, 'host')).toEqual(['description']);
    expect(contentNeedingReview(approved, { photoAdded: true }, 'host')).toEqual(['photos']);
    expect(contentNeedingReview(approved, { name: 'X', description: 'Y', photoAdded: true }, 'host')).toEqual(
      ['name', 'description', 'photos'],
    );
  });

  it('not: other fields, unchanged or whitespace-only edits, the admin, or a pending venue', () => {
    expect(contentNeedingReview(approved, {}, 'host')).toEqual([]);
    expect(contentNeedingReview(approved, { name: ' The  Velvet Room ' }, 'host')).toEqual([]);
    expect(contentNeedingReview({ ...approved, description: null }, { description: '' }, 'host')).toEqual([]);
    expect(contentNeedingReview(approved, { name: 'Other' }, 'admin')).toEqual([]);
    expect(contentNeedingReview({ ...approved, is_active: false }, { name: 'Other' }, 'host')).toEqual([]);
  });
});

describe('backToReviewNote', () => {
  it('names what changed', () => {
    expect(backToReviewNote(['name'])).toBe("Sent back for review: the host changed the venue's name.");
    expect(backToReviewNote(['name', 'description', 'photos'])).toBe(
      "Sent back for review: the host changed the venue's name, description and photos.",
    );
  });
});
