import { describe, expect, it } from 'vitest';
import {
  TIME_CHOICES,
  bookingHours,
  crossesMidnight,
  durationMinutes,
  formatTime12,
  formatTimeRange,
  isOnTimeGrid,
  isValidTime,
  minutesToTime,
  normalizeTime,
  timeToMinutes,
} from './time';

describe('TIME_CHOICES', () => {
  it('has the 96 quarter hours of a day in order', () => {
    expect(TIME_CHOICES).toHaveLength(96);
    expect(TIME_CHOICES[0]).toBe('00:00');
    expect(TIME_CHOICES[1]).toBe('00:15');
    expect(TIME_CHOICES[4]).toBe('01:00');
    expect(TIME_CHOICES[95]).toBe('23:45');
    expect(new Set(TIME_CHOICES).size).toBe(96);
    expect(TIME_CHOICES.every(isOnTimeGrid)).toBe(true);
  });
});

describe('isOnTimeGrid', () => {
  it.each(['00:00', '00:15', '09:30', '12:45', '23:45'])('accepts %s', (t) => {
    expect(isOnTimeGrid(t)).toBe(true);
  });
  it.each([
    '24:00',
    '23:50',
    '9:30',
    '09:3',
    '09:30:00',
    ' 09:30',
    '09:30 ',
    '0930',
    '',
    'ab:cd',
    '12:60',
    '-1:00',
  ])('rejects %j', (t) => {
    expect(isOnTimeGrid(t)).toBe(false);
  });
});

describe('isValidTime', () => {
  it('accepts any minute and an optional seconds part', () => {
    expect(isValidTime('09:07')).toBe(true);
    expect(isValidTime('21:30:00')).toBe(true);
    expect(isValidTime('24:00')).toBe(false);
    expect(isValidTime('21:30:60')).toBe(false);
  });
});

describe('timeToMinutes / minutesToTime', () => {
  it('converts both ways', () => {
    expect(timeToMinutes('00:00')).toBe(0);
    expect(timeToMinutes('01:15')).toBe(75);
    expect(timeToMinutes('23:45')).toBe(1425);
    expect(timeToMinutes('21:30:59')).toBe(1290);
    expect(minutesToTime(0)).toBe('00:00');
    expect(minutesToTime(75)).toBe('01:15');
    expect(minutesToTime(1425)).toBe('23:45');
  });
  it('wraps minutes into one day', () => {
    expect(minutesToTime(1440)).toBe('00:00');
    expect(minutesToTime(1500)).toBe('01:00');
    expect(minutesToTime(-15)).toBe('23:45');
  });
  it('round-trips every grid time', () => {
    for (const t of TIME_CHOICES) expect(minutesToTime(timeToMinutes(t))).toBe(t);
  });
  it('throws on invalid input', () => {
    expect(() => timeToMinutes('25:00')).toThrow(RangeError);
    expect(() => timeToMinutes('')).toThrow(RangeError);
    expect(() => minutesToTime(1.5)).toThrow(RangeError);
  });
  it('normalizes database times', () => {
    expect(normalizeTime('21:30:00')).toBe('21:30');
    expect(normalizeTime('09:15')).toBe('09:15');
  });
});

describe('formatTime12', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['00:15', '12:15 AM'],
    ['01:00', '1:00 AM'],
    ['09:05', '9:05 AM'],
    ['11:45', '11:45 AM'],
    ['12:00', '12:00 PM'],
    ['12:15', '12:15 PM'],
    ['13:00', '1:00 PM'],
    ['21:30', '9:30 PM'],
    ['23:45', '11:45 PM'],
    ['21:30:00', '9:30 PM'],
  ])('%s → %s', (t, expected) => {
    expect(formatTime12(t)).toBe(expected);
  });
  it('formats a range', () => {
    expect(formatTimeRange('21:00', '01:00')).toBe('9:00 PM - 1:00 AM');
  });
});

describe('durationMinutes', () => {
  it.each([
    ['09:00', '17:00', 480],
    ['22:00', '02:00', 240],
    ['23:45', '00:00', 15],
    ['00:00', '23:45', 1425],
    ['21:00', '21:00', 0],
    ['12:00', '11:45', 1425],
  ])('%s → %s = %i min', (start, end, minutes) => {
    expect(durationMinutes(start, end)).toBe(minutes);
  });
});

describe('bookingHours', () => {
  it.each([
    ['22:00', '02:00', 4],
    ['20:00', '21:15', 2],
    ['20:00', '20:30', 1],
    ['23:45', '00:00', 1],
    ['18:00', '19:00', 1],
    ['18:00', '19:01', 2],
    ['21:00', '21:00', 1],
    ['00:00', '23:45', 24],
    ['23:00', '22:45', 24],
  ])('%s → %s bills %i h', (start, end, hours) => {
    expect(bookingHours(start, end)).toBe(hours);
  });
});

describe('crossesMidnight', () => {
  it('is true only when end is earlier than start', () => {
    expect(crossesMidnight('22:00', '02:00')).toBe(true);
    expect(crossesMidnight('23:45', '00:00')).toBe(true);
    expect(crossesMidnight('20:00', '23:45')).toBe(false);
    expect(crossesMidnight('20:00', '20:00')).toBe(false);
  });
});
