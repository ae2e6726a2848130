import { describe, expect, it } from 'vitest';
import {
  contentNeedingReview,
  isRepeatApproval,
  pendingChangesNote,
  withPendingApplied,
} from './venue-review';

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

describe('pendingChangesNote', () => {
  it('names what changed', () => {
    expect(pendingChangesNote(['name'])).toBe("Waiting for review: the host changed the venue's name.");
    expect(pendingChangesNote(['name', 'description', 'photos'])).toBe(
      "Waiting for review: the host changed the venue's name, description and photos.",
    );
  });
});

describe('withPendingApplied', () => {
  const venue = { name: 'Old', description: 'Old text', images: ['a.png'] };
  const none = { pending_name: null, pending_description: null, pending_images: [] };
  it('keeps what does not wait', () => {
    expect(withPendingApplied(venue, none)).toEqual(venue);
  });
  it('applies a new name, a new description, an empty one (cleared) and new photos after the approved ones', () => {
    expect(
      withPendingApplied(venue, {
        pending_name: 'New',
        pending_description: 'New text',
        pending_images: ['b.png'],
      }),
    ).toEqual({ name: 'New', description: 'New text', images: ['a.png', 'b.png'] });
    expect(withPendingApplied(venue, { ...none, pending_description: '  ' }).description).toBeNull();
    expect(withPendingApplied(venue, { ...none, pending_images: ['a.png'] }).images).toEqual(['a.png']);
  });
});

describe('isRepeatApproval', () => {
  it('approving a live venue with nothing waiting', () => {
    expect(isRepeatApproval({ is_active: true }, false, 'approve')).toBe(true);
  });
  it('not: a pending venue, a live one with changes waiting, or a rejection', () => {
    expect(isRepeatApproval({ is_active: false }, false, 'approve')).toBe(false);
    expect(isRepeatApproval({ is_active: true }, true, 'approve')).toBe(false);
    expect(isRepeatApproval({ is_active: true }, false, 'reject')).toBe(false);
  });
});
