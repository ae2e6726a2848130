import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PendingBadge } from './PendingBadge';

describe('PendingBadge', () => {
  it('shows the count and says what it counts to a screen reader', () => {
    render(<PendingBadge count={3} data-testid="badge" />);
    const badge = screen.getByTestId('badge');
    expect(badge.querySelector('[aria-hidden="true"]')?.textContent).toBe('3');
    expect(badge.textContent).toBe('3, 3 requests awaiting your answer');
  });

  it('says "request" for one and caps the number it draws at 99+', () => {
    const { rerender } = render(<PendingBadge count={1} data-testid="badge" />);
    expect(screen.getByTestId('badge').textContent).toBe('1, 1 request awaiting your answer');
    rerender(<PendingBadge count={140} data-testid="badge" />);
    expect(screen.getByTestId('badge').textContent).toBe('99+, 140 requests awaiting your answer');
  });

  it('draws nothing when no request waits', () => {
    const { container } = render(<PendingBadge count={0} />);
    expect(container.innerHTML).toBe('');
  });
});
