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

describe('TimeZoneTag on a server-rendered page', () => {
  it('is left out by the server and by hydration, then shown to a viewer in another zone', async () => {
    const { prerender } = await import('react-dom/static');
    const { hydrateRoot } = await import('react-dom/client');
    const { act } = await import('react');
    // The server does not know the viewer's zone: nothing to show.
    const { prelude } = await prerender(<TimeZoneTag zone="Pacific/Chatham" />);
    await prerender(null); // React's server renderer leaves its contexts set (hydration.test.tsx)
    const html = await new Response(prelude).text();
    expect(html).toBe('');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <TimeZoneTag zone="Pacific/Chatham" />, {
        onRecoverableError: (error) => mismatches.push(error),
      });
    });
    // Hydrated without a mismatch, then drawn for this viewer (the test runs outside Chatham).
    expect(mismatches).toEqual([]);
    expect(container.textContent).toBe('Chatham time');
    container.remove();
  });
});
