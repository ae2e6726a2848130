import { describe, expect, it } from 'vitest';
import { bookingInstants } from './instants';
import {
  heldOnlyByViewer,
  demandByDate,
  entriesThatFit,
  isWaitlistEntryCurrent,
  rangesOverlap,
  waitlistInstants,
  type WaitlistCandidate,
} from './waitlist';

const NY = 'America/New_York';
const NOW = new Date('2030-06-03T16:00:00Z');
const range = (date: string, start: string, end: string, zone = NY) =>
  bookingInstants(date, start, end, zone);
let seq = 0;
const entry = (
  date: string,
  start_time: string,
  end_time: string,
  s = ++seq,
): WaitlistCandidate & { id: string } => ({
  id: `${date} ${start_time}-${end_time} #${s}`,
  date,
  start_time,
  end_time,
  seq: s,
});
const ids = (list: Array<{ id: string }>) => list.map((e) => e.id);

describe('rangesOverlap', () => {
  it('is half-open: touching ranges do not overlap', () => {
    expect(rangesOverlap(range('2030-06-14', '20:00', '22:00'), range('2030-06-14', '22:00', '00:00'))).toBe(
      false,
    );
    expect(rangesOverlap(range('2030-06-14', '20:00', '22:15'), range('2030-06-14', '22:00', '00:00'))).toBe(
      true,
    );
  });
});

describe('entriesThatFit', () => {
  it('keeps the entries overlapping the freed range, in join order whatever the input order', () => {
    const freed = range('2030-06-14', '20:00', '23:00');
    const first = entry('2030-06-14', '21:00', '23:00', 1);
    const second = entry('2030-06-14', '19:00', '20:30', 2);
    const third = entry('2030-06-14', '22:45', '01:00', 3);
    const elsewhere = entry('2030-06-14', '23:00', '01:00', 4);
    const otherNight = entry('2030-06-15', '21:00', '23:00', 5);
    expect(ids(entriesThatFit([third, elsewhere, first, otherNight, second], freed, [], NY, NOW))).toEqual(
      ids([first, second, third]),
    );
  });

  it('leaves out entries that still overlap another confirmed booking', () => {
    const freed = range('2030-06-14', '20:00', '23:00');
    const stillTaken = [range('2030-06-14', '23:00', '01:00')];
    const fits = entry('2030-06-14', '21:00', '23:00');
    const blocked = entry('2030-06-14', '22:00', '00:00');
    expect(ids(entriesThatFit([fits, blocked], freed, stillTaken, NY, NOW))).toEqual(ids([fits]));
  });

  it('compares nights past midnight as instants: the next date’s small hours overlap the night before', () => {
    const freed = range('2030-06-14', '22:00', '02:00'); // Friday 22:00 → Saturday 02:00
    const smallHours = entry('2030-06-15', '01:00', '03:00'); // Saturday 01:00–03:00
    const afterIt = entry('2030-06-15', '02:00', '04:00'); // starts as the freed night ends
    const saturdayNight = entry('2030-06-15', '22:00', '02:00');
    expect(ids(entriesThatFit([smallHours, afterIt, saturdayNight], freed, [], NY, NOW))).toEqual(
      ids([smallHours]),
    );
  });

  it('leaves out entries whose wished start has passed', () => {
    const freed = range('2030-06-03', '10:00', '23:00');
    const begun = entry('2030-06-03', '11:00', '13:00'); // NOW is 12:00 in New York
    const later = entry('2030-06-03', '18:00', '20:00');
    expect(ids(entriesThatFit([begun, later], freed, [], NY, NOW))).toEqual(ids([later]));
  });

  it('on the autumn DST night the repeated hour is real time: 23:00–02:00 lasts four hours', () => {
    // 2 November 2030, New York: clocks go back at 02:00 EDT on the 3rd.
    const freed = range('2030-11-02', '23:00', '02:00');
    expect(freed.starts_at.toISOString()).toBe('2030-11-03T03:00:00.000Z');
    expect(freed.ends_at.toISOString()).toBe('2030-11-03T07:00:00.000Z');
    const inRepeatedHour = entry('2030-11-03', '01:30', '02:30'); // 05:30Z–07:30Z
    const afterward = entry('2030-11-03', '02:00', '03:00'); // 07:00Z–08:00Z
    expect(ids(entriesThatFit([inRepeatedHour, afterward], freed, [], NY, NOW))).toEqual(
      ids([inRepeatedHour]),
    );
  });

  it('on the spring DST night a wished range the skipped hour empties and never fits', () => {
    // 10 March 2030, New York: 02:00–03:00 does not exist.
    const freed = range('2030-03-09', '22:00', '04:00');
    const skipped = entry('2030-03-10', '02:15', '03:00'); // 02:15 does not exist: moved to 03:15, after the end
    const across = entry('2030-03-10', '01:00', '03:30'); // 06:00Z–07:30Z: 1.5 real hours
    expect(waitlistInstants(skipped, NY)).toBeNull();
    expect(ids(entriesThatFit([skipped, across], freed, [], NY, new Date('2030-03-01T00:00:00Z')))).toEqual(
      ids([across]),
    );
  });

  it('uses the venue’s zone: the same wall clock in Tokyo is another instant', () => {
    const freed = range('2030-06-14', '20:00', '23:00', 'Asia/Tokyo');
    const wish = entry('2030-06-14', '21:00', '22:00');
    expect(entriesThatFit([wish], freed, [], 'Asia/Tokyo', NOW)).toHaveLength(1);
    expect(entriesThatFit([wish], freed, [], NY, NOW)).toHaveLength(0);
  });
});

describe('isWaitlistEntryCurrent and demandByDate', () => {
  it('expires entries of past dates and begun times, in the venue’s zone', () => {
    expect(isWaitlistEntryCurrent(entry('2030-06-02', '20:00', '23:00'), NY, NOW)).toBe(false);
    expect(isWaitlistEntryCurrent(entry('2030-06-03', '11:00', '13:00'), NY, NOW)).toBe(false);
    expect(isWaitlistEntryCurrent(entry('2030-06-03', '20:00', '23:00'), NY, NOW)).toBe(true);
    // 16:00Z is already 01:00 on the 4th in Tokyo: the 3rd's evening has passed there.
    expect(isWaitlistEntryCurrent(entry('2030-06-03', '20:00', '23:00'), 'Asia/Tokyo', NOW)).toBe(false);
  });

  it('counts current waitlisted guests per date', () => {
    expect(
      demandByDate(
        [
          entry('2030-06-14', '20:00', '23:00'),
          entry('2030-06-14', '21:00', '22:00'),
          entry('2030-06-15', '20:00', '23:00'),
          entry('2030-06-01', '20:00', '23:00'),
        ],
        NY,
        NOW,
      ),
    ).toEqual({ '2030-06-14': 2, '2030-06-15': 1 });
  });
});

describe('heldOnlyByViewer', () => {
  const zone = 'America/New_York';
  const mine = { date: '2026-12-12', start_time: '20:00:00', end_time: '23:00:00' };
  const theirs = { date: '2026-12-12', start_time: '23:00', end_time: '02:00' };
  const taken = [mine, theirs];

  it('the viewer’s own booking, whatever the time format', () => {
    expect(
      heldOnlyByViewer({ date: '2026-12-12', start_time: '20:00', end_time: '23:00' }, taken, [mine], zone),
    ).toBe(true);
    // A part of it is still only theirs to hold.
    expect(
      heldOnlyByViewer({ date: '2026-12-12', start_time: '21:00', end_time: '22:00' }, taken, [mine], zone),
    ).toBe(true);
  });
  it('not when someone else holds any of the wished time', () => {
    expect(heldOnlyByViewer(theirs, taken, [mine], zone)).toBe(false);
    expect(
      heldOnlyByViewer({ date: '2026-12-12', start_time: '22:00', end_time: '23:30' }, taken, [mine], zone),
    ).toBe(false);
    expect(heldOnlyByViewer(mine, taken, [], zone)).toBe(false);
  });
  it('not when nobody holds it, and half-open: the end of one booking is free for the next', () => {
    expect(
      heldOnlyByViewer({ date: '2026-12-13', start_time: '20:00', end_time: '23:00' }, taken, [mine], zone),
    ).toBe(false);
    expect(
      heldOnlyByViewer({ date: '2026-12-12', start_time: '18:00', end_time: '20:00' }, taken, [mine], zone),
    ).toBe(false);
  });
  it('a booking of the night before that runs past midnight', () => {
    const late = { date: '2026-12-11', start_time: '22:00', end_time: '03:00' };
    expect(
      heldOnlyByViewer({ date: '2026-12-12', start_time: '01:00', end_time: '02:00' }, [late], [late], zone),
    ).toBe(true);
  });
});
