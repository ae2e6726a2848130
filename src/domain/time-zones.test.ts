import { describe, expect, it } from 'vitest';
import { timeZoneChoices } from './calendar';
import { sameZone, searchTimeZones, zoneCity, zoneLabel, zoneOffsetLabel, zoneTimeLabel } from './time-zones';

const zones = timeZoneChoices();

describe('searchTimeZones', () => {
  it.each([
    ['Paris', 'Europe/Paris'],
    ['paris', 'Europe/Paris'],
    ['New York', 'America/New_York'],
    ['new_york', 'America/New_York'],
    ['  new   york ', 'America/New_York'],
    ['London', 'Europe/London'],
    ['Tokyo', 'Asia/Tokyo'],
    ['Sao Paulo', 'America/Sao_Paulo'],
    ['utc', 'UTC'],
  ])('"%s" finds %s first', (query, zone) => {
    expect(searchTimeZones(zones, query)[0]).toBe(zone);
  });

  it('finds a city under a country folder', () => {
    expect(zoneCity(searchTimeZones(zones, 'buenos aires')[0]!)).toBe('Buenos Aires');
  });

  it('a city that starts with the query comes before one that contains it, then regions', () => {
    const list = [
      'Antarctica/Troll',
      'America/Argentina/San_Juan',
      'Asia/Manila',
      'America/Panama',
      'Europe/Andorra',
    ];
    expect(searchTimeZones(list, 'an')).toEqual([
      'Europe/Andorra',
      'America/Argentina/San_Juan',
      'America/Panama',
      'Asia/Manila',
      'Antarctica/Troll',
    ]);
    // Every word must match somewhere in the name.
    expect(searchTimeZones(zones, 'america york')).toEqual(['America/New_York']);
    expect(searchTimeZones(zones, 'europe')).toContain('Europe/Paris');
  });

  it('nothing typed lists every zone; a limit cuts the list; no match is empty', () => {
    expect(searchTimeZones(zones, '')).toEqual(zones);
    expect(searchTimeZones(zones, 'a', 5)).toHaveLength(5);
    expect(searchTimeZones(zones, 'Atlantis')).toEqual([]);
  });
});

describe('zone names', () => {
  it('city, label and the time tag', () => {
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneCity('UTC')).toBe('UTC');
    expect(zoneLabel('America/New_York')).toBe('America/New York');
    expect(zoneTimeLabel('Europe/London')).toBe('London time');
    expect(zoneTimeLabel('America/New_York')).toBe('New York time');
    expect(zoneTimeLabel('UTC')).toBe('UTC');
  });

  it('sameZone ignores alias spellings', () => {
    expect(sameZone('Europe/Paris', 'Europe/Paris')).toBe(true);
    expect(sameZone('europe/paris', 'Europe/Paris')).toBe(true);
    expect(sameZone('Europe/Paris', 'Europe/Berlin')).toBe(false);
  });

  it('offset labels follow daylight saving', () => {
    expect(zoneOffsetLabel('America/New_York', new Date('2027-01-15T12:00:00Z'))).toBe('GMT-5');
    expect(zoneOffsetLabel('America/New_York', new Date('2027-07-15T12:00:00Z'))).toBe('GMT-4');
    expect(zoneOffsetLabel('Europe/London', new Date('2027-01-15T12:00:00Z'))).toBe('GMT');
    expect(zoneOffsetLabel('Not/AZone')).toBe('');
  });
});
