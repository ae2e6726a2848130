// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StarRating } from './StarRating';

function Harness() {
  const [value, setValue] = useState(0);
  return <StarRating value={value} onChange={setValue} />;
}

afterEach(cleanup);

describe('StarRating', () => {
  it('is a radio group of five stars with the label under it', async () => {
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Rating' });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByTestId('rating-label').textContent).toBe('Click the stars to rate');

    await userEvent.click(screen.getByRole('radio', { name: '4 stars, Very Good' }));
    expect((screen.getByRole('radio', { name: '4 stars, Very Good' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByTestId('rating-label').textContent).toBe('Very Good');

    await userEvent.click(screen.getByRole('radio', { name: '1 star, Poor' }));
    expect(screen.getByTestId('rating-label').textContent).toBe('Poor');
  });
});
