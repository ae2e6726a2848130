import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TimeZoneTag } from './TimeZoneTag';

describe('TimeZoneTag', () => {
  it("names the venue's zone by city when the viewer is elsewhere", () => {
    render(<TimeZoneTag zone="Europe/London" viewerZone="America/New_York" />);
    const tag = screen.getByTestId('venue-time-zone');
    expect(tag.textContent).toBe('London time');
    expect(tag.getAttribute('title')).toMatch(/^Venue time zone: Europe\/London \(GMT(\+1)?\)$/);
  });

  it('shows nothing when the viewer is in the same zone, or there is no zone', () => {
    const { container } = render(
      <>
        <TimeZoneTag zone="Europe/London" viewerZone="Europe/London" />
        <TimeZoneTag zone={null} viewerZone="Europe/London" />
      </>,
    );
    expect(container.textContent).toBe('');
  });

  it("follows the browser's zone by default", () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const other = browser === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo';
    const { container } = render(
      <>
        <TimeZoneTag zone={browser} />
        <TimeZoneTag zone={other} />
      </>,
    );
    expect(container.textContent).toBe(other === 'Asia/Tokyo' ? 'Tokyo time' : 'Paris time');
  });
});
