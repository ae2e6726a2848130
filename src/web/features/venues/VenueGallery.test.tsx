import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VenueImage } from '@/domain/contract';
import { VenueGallery } from './VenueGallery';

const images = [1, 2, 3].map(
  (n) =>
    ({
      path: `venues/v/${n}.jpg`,
      url: `/media/${n}.jpg`,
      full_url: `/media/${n}-full.webp`,
      card_url: `/media/${n}-card.webp`,
    }) satisfies VenueImage,
);

function openGallery() {
  return screen.getByTestId('gallery-open');
}

describe('VenueGallery full-screen view', () => {
  it('opens with Enter on the photo, steps with the arrows, closes with Escape and gives the focus back', async () => {
    const user = userEvent.setup();
    render(<VenueGallery images={images} name="The Velvet Room" />);
    await user.tab();
    expect(document.activeElement).toBe(openGallery());

    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'The Velvet Room' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    const counter = within(dialog).getByTestId('lightbox-counter');
    expect(counter.textContent).toBe('1 / 3');
    expect(within(dialog).getByRole('img').getAttribute('alt')).toBe('The Velvet Room – photo 1 of 3');

    await user.keyboard('{ArrowRight}');
    expect(counter.textContent).toBe('2 / 3');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/media/2-full.webp');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(counter.textContent).toBe('3 / 3');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(openGallery());
    // The page's photo follows the one last seen full screen.
    expect(screen.getByRole('img', { name: 'The Velvet Room – photo 3 of 3' })).toBeTruthy();
  });

  it('keeps the focus inside while open and closes from its named close button', async () => {
    const user = userEvent.setup();
    render(
      <>
        <VenueGallery images={images} name="The Velvet Room" />
        <button type="button">After the gallery</button>
      </>,
    );
    await user.click(openGallery());
    const dialog = await screen.findByRole('dialog');
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(within(dialog).getByTestId('lightbox-counter').textContent).toBe('2 / 3');
    await user.click(within(dialog).getByRole('button', { name: 'Close gallery' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(openGallery());
  });

  it('steps on a sideways touch swipe and ignores a vertical one', async () => {
    const user = userEvent.setup();
    render(<VenueGallery images={images} name="The Velvet Room" />);
    await user.click(openGallery());
    const dialog = await screen.findByRole('dialog');
    const stage = within(dialog).getByRole('img').parentElement!;
    const counter = within(dialog).getByTestId('lightbox-counter');
    // jsdom has no PointerEvent: a mouse event of that type carrying the pointer's fields.
    const pointer = (type: string, [clientX, clientY]: [number, number]) => {
      const event = new MouseEvent(type, { bubbles: true, clientX, clientY });
      Object.defineProperties(event, {
        pointerId: { value: 7 },
        pointerType: { value: 'touch' },
        isPrimary: { value: true },
      });
      fireEvent(stage, event);
    };
    const swipe = (from: [number, number], to: [number, number]) => {
      pointer('pointerdown', from);
      pointer('pointerup', to);
    };
    swipe([300, 400], [120, 410]);
    expect(counter.textContent).toBe('2 / 3');
    swipe([100, 400], [300, 390]);
    expect(counter.textContent).toBe('1 / 3');
    swipe([200, 200], [230, 500]);
    expect(counter.textContent).toBe('1 / 3');
  });
});
