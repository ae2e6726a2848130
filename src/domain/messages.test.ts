import { describe, expect, it } from 'vitest';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGE_TEXT,
  SYSTEM_LINES,
  burstDue,
  isUnreadFor,
  messageLength,
  otherSide,
  preview,
  sideOf,
  unreadCount,
  type ThreadMessageRef,
} from './messages';
import { messageSchema } from './schemas';

const terms = {
  date: '2030-06-14',
  start_time: '21:00',
  end_time: '01:00',
  guest_count: 24,
  total_price: 340,
};

describe('sides of a conversation', () => {
  it('the guest and the host write; the admin only reads; nobody else takes part', () => {
    expect(sideOf('guest')).toBe('guest');
    expect(sideOf('host')).toBe('host');
    expect(sideOf('admin')).toBeNull();
    expect(sideOf(null)).toBeNull();
    expect(otherSide('guest')).toBe('host');
    expect(otherSide('host')).toBe('guest');
  });
});

describe('unread', () => {
  const thread: ThreadMessageRef[] = [
    { seq: 1, kind: 'system', author_role: null },
    { seq: 2, kind: 'user', author_role: 'guest' },
    { seq: 3, kind: 'user', author_role: 'host' },
    { seq: 4, kind: 'user', author_role: 'guest' },
    { seq: 5, kind: 'system', author_role: null },
    { seq: 6, kind: 'user', author_role: 'guest' },
  ];

  it('counts only the other side’s messages after the marker', () => {
    expect(unreadCount(thread, 'host', 0)).toBe(3);
    expect(unreadCount(thread, 'host', 2)).toBe(2);
    expect(unreadCount(thread, 'host', 4)).toBe(1);
    expect(unreadCount(thread, 'host', 6)).toBe(0);
    expect(unreadCount(thread, 'guest', 0)).toBe(1);
    expect(unreadCount(thread, 'guest', 3)).toBe(0);
  });

  it('system lines and one’s own messages are never unread', () => {
    expect(isUnreadFor({ seq: 9, kind: 'system', author_role: null }, 'guest', 0)).toBe(false);
    expect(isUnreadFor({ seq: 9, kind: 'user', author_role: 'guest' }, 'guest', 0)).toBe(false);
    expect(isUnreadFor({ seq: 9, kind: 'user', author_role: 'host' }, 'guest', 8)).toBe(true);
    expect(isUnreadFor({ seq: 9, kind: 'user', author_role: 'host' }, 'guest', 9)).toBe(false);
  });
});

describe('one email per burst', () => {
  const at = new Date('2030-06-03T16:00:00Z');
  it('is due once the burst’s first message has been unread for 10 minutes', () => {
    expect(burstDue(null, at)).toBe(false);
    expect(burstDue(new Date(at.getTime() - 9 * 60_000 - 59_000), at)).toBe(false);
    expect(burstDue(new Date(at.getTime() - 10 * 60_000), at)).toBe(true);
    expect(burstDue(new Date(at.getTime() - 3 * 3600_000), at)).toBe(true);
  });
});

describe('the message body', () => {
  const parse = (body: unknown) => messageSchema.safeParse({ body });
  const issue = (body: unknown) => {
    const r = parse(body);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('is trimmed and keeps its line breaks', () => {
    const r = parse('  Hello\n\nSee you at 9 \n');
    expect(r.success && r.data.body).toBe('Hello\n\nSee you at 9');
  });

  it('refuses a missing, empty or blank message with one message', () => {
    expect(issue(undefined)).toBe(MESSAGE_TEXT.empty);
    expect(issue(null)).toBe(MESSAGE_TEXT.empty);
    expect(issue('')).toBe(MESSAGE_TEXT.empty);
    expect(issue(' \n\t ')).toBe(MESSAGE_TEXT.empty);
    expect(issue(42)).toBe(MESSAGE_TEXT.notText);
  });

  it('allows exactly 2,000 characters (code points, as PostgreSQL counts) and refuses 2,001', () => {
    expect(MESSAGE_TEXT.tooLong).toBe('Messages can be at most 2,000 characters.');
    expect(issue('a'.repeat(MESSAGE_MAX_LENGTH))).toBeNull();
    expect(issue('a'.repeat(MESSAGE_MAX_LENGTH + 1))).toBe(MESSAGE_TEXT.tooLong);
    // 2,000 emoji are 4,000 UTF-16 units but 2,000 characters.
    expect(messageLength('🎉'.repeat(2000))).toBe(2000);
    expect(issue('🎉'.repeat(MESSAGE_MAX_LENGTH))).toBeNull();
    expect(issue('🎉'.repeat(MESSAGE_MAX_LENGTH + 1))).toBe(MESSAGE_TEXT.tooLong);
  });

  it('refuses control characters but not tabs and line breaks', () => {
    expect(issue('nul \u0000 here')).toBe(MESSAGE_TEXT.controlChars);
    expect(issue('bell \u0007')).toBe(MESSAGE_TEXT.controlChars);
    expect(issue('a\tb\r\nc')).toBeNull();
  });

  it('HTML is just text: it is kept as typed', () => {
    const r = parse('<img src=x onerror=alert(1)>');
    expect(r.success && r.data.body).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('preview', () => {
  it('puts a message on one line and cuts it with an ellipsis', () => {
    expect(preview('Hello\n\n  there')).toBe('Hello there');
    expect(preview('abcdef', 4)).toBe('abc…');
    expect(preview('abcd', 4)).toBe('abcd');
  });
});

describe('system lines', () => {
  it('tell the booking’s history in words', () => {
    expect(SYSTEM_LINES.requested(terms)).toBe(
      'Booking requested: Friday, June 14, 2030, 9:00 PM - 1:00 AM, 24 guests, $340.00.',
    );
    expect(SYSTEM_LINES.approved('host')).toBe('The venue accepted the booking. It is confirmed.');
    expect(SYSTEM_LINES.approved('admin')).toBe('The admin accepted the booking. It is confirmed.');
    expect(SYSTEM_LINES.rejected('host', null)).toBe('The venue declined the booking request.');
    expect(SYSTEM_LINES.rejected('host', '  Fully booked ')).toBe(
      'The venue declined the booking request. Reason: Fully booked',
    );
    expect(SYSTEM_LINES.edited({ ...terms, guest_count: 1 }, 'Terrace closes at 1')).toBe(
      'The venue changed the booking to Friday, June 14, 2030, 9:00 PM - 1:00 AM, 1 guest, $340.00 and asked the guest to approve. Note: Terrace closes at 1',
    );
    expect(SYSTEM_LINES.cancelled('guest', 'Plans changed')).toBe(
      'The guest cancelled the booking. Reason: Plans changed',
    );
    expect(SYSTEM_LINES.cancelled('host', '')).toBe('The venue cancelled the booking.');
    expect(SYSTEM_LINES.paid(34000)).toBe('Payment of $340.00 received. The booking is paid.');
    expect(SYSTEM_LINES.refunded(17050)).toBe('A refund of $170.50 was issued.');
    expect(SYSTEM_LINES.additionalCharge(12550, 'Bar minimum not met')).toBe(
      'The venue charged $125.50 after the event: Bar minimum not met',
    );
    expect(SYSTEM_LINES.expired()).toMatch(/expired/);
    expect(SYSTEM_LINES.released()).toMatch(/not paid in time/);
    expect(SYSTEM_LINES.changesApproved()).toMatch(/approved/);
    expect(SYSTEM_LINES.changesRejected()).toMatch(/rejected/);
    expect(SYSTEM_LINES.cardOnFile()).toMatch(/card is on file/);
    expect(SYSTEM_LINES.adminEdited(terms, 'confirmed')).toMatch(/status confirmed\.$/);
  });

  it('never exceed the message limit, whatever the reason’s length', () => {
    const long = 'x'.repeat(5000);
    for (const line of [
      SYSTEM_LINES.rejected('admin', long),
      SYSTEM_LINES.cancelled('guest', long),
      SYSTEM_LINES.edited(terms, long),
      SYSTEM_LINES.additionalCharge(100, long),
    ]) {
      expect(messageLength(line)).toBe(MESSAGE_MAX_LENGTH);
      expect(line.endsWith('…')).toBe(true);
    }
  });
});
