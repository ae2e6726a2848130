import { describe, expect, it } from 'vitest';
import { preferenceKindOf, preferencesFrom, wantsEmail } from './email-preferences';

describe('email preferences', () => {
  it('transactional templates always go', () => {
    for (const t of ['payment_receipt', 'booking_accepted', 'password_changed', 'email_change']) {
      expect(preferenceKindOf(t)).toBeNull();
      expect(wantsEmail(t, ['reminders', 'messages', 'waitlist'])).toBe(true);
    }
  });
  it('an optional template is skipped only when its kind is switched off', () => {
    expect(wantsEmail('review_request', [])).toBe(true);
    expect(wantsEmail('review_request', ['reminders'])).toBe(false);
    expect(wantsEmail('review_request', ['messages'])).toBe(true);
    expect(wantsEmail('booking_message_unread', ['messages'])).toBe(false);
    expect(wantsEmail('waitlist_slot_free', ['waitlist'])).toBe(false);
  });
  it('answers every kind', () => {
    expect(preferencesFrom(['messages'])).toEqual({ reminders: true, messages: false, waitlist: true });
  });
});
