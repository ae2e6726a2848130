import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultHours } from '@/domain/hours';
import { WeeklyHoursEditor, type WeeklyHoursEditorProps } from './WeeklyHoursEditor';
import { fromDraft, toDraft, type WeeklyDraft } from './weeklyDraft';

/** The editor with its draft held in state, as the pages hold it; `changes` sees every draft. */
function Harness(props: Partial<WeeklyHoursEditorProps> & { changes?: (draft: WeeklyDraft) => void }) {
  const [draft, setDraft] = useState(() => toDraft(defaultHours()));
  return (
    <WeeklyHoursEditor
      {...props}
      value={draft}
      onChange={(next) => {
        setDraft(next);
        props.changes?.(next);
      }}
    />
  );
}

const row = (day: string) => document.querySelector<HTMLElement>(`li[data-day="${day}"]`)!;

describe('WeeklyHoursEditor', () => {
  it('lists the week Monday first, each day with its times', () => {
    render(<Harness />);
    const days = Array.from(document.querySelectorAll('li[data-day]')).map((li) =>
      li.getAttribute('data-day'),
    );
    expect(days).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(screen.getByLabelText('Monday opening time').hasAttribute('disabled')).toBe(false);
    expect(screen.getByLabelText('Sunday closing time')).not.toBeNull();
  });

  it('closing a day disables its times, by mouse or keyboard', async () => {
    const user = userEvent.setup();
    const changes = vi.fn();
    render(<Harness changes={changes} />);
    const opens = screen.getByLabelText('Tuesday opening time');
    expect(opens.hasAttribute('disabled')).toBe(false);

    await user.click(screen.getByLabelText('Tuesday closed'));
    expect(changes).toHaveBeenLastCalledWith(
      expect.objectContaining({ tuesday: expect.objectContaining({ closed: true }) }),
    );
    expect(opens.hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('Tuesday closing time').hasAttribute('disabled')).toBe(true);
    // Other days stay open.
    expect(screen.getByLabelText('Wednesday opening time').hasAttribute('disabled')).toBe(false);

    const checkbox = screen.getByLabelText('Tuesday closed');
    checkbox.focus();
    await user.keyboard(' ');
    expect(opens.hasAttribute('disabled')).toBe(false);
  });

  it('shows a price and pricing type per day only with pricing', () => {
    const { unmount } = render(<Harness />);
    expect(screen.queryByLabelText('Monday price in dollars')).toBeNull();
    expect(screen.queryByLabelText('Monday pricing type')).toBeNull();
    unmount();

    render(<Harness pricing />);
    expect(screen.getByLabelText('Monday price in dollars')).not.toBeNull();
    expect(within(row('monday')).getByLabelText('Monday pricing type').textContent).toBe('Hourly Rate');
  });

  it('typing a price changes only that day, and a bad price is refused with the day it concerns', async () => {
    const user = userEvent.setup();
    let last: WeeklyDraft | null = null;
    render(<Harness pricing changes={(d) => (last = d)} />);
    await user.type(screen.getByLabelText('Friday price in dollars'), '250');
    expect(last!.friday.price).toBe('250');
    expect(last!.thursday.price).toBe('');
    expect(fromDraft(last!)).toMatchObject({
      ok: true,
      hours: { friday: { price: 250 }, thursday: { price: 0 } },
    });

    const bad = { ...last!, saturday: { ...last!.saturday, price: '-5' } };
    const result = fromDraft(bad);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.day).toBe('saturday');
      expect(result.message).toMatch(/price/i);
    }
  });

  it("shows a day's error under that day and a week's error below the list", () => {
    render(
      <Harness
        dayErrors={{ wednesday: 'Closing time must differ from opening time.' }}
        error="Fix the week."
      />,
    );
    const alerts = Array.from(document.querySelectorAll('[role="alert"]')).map((a) => a.textContent);
    expect(alerts).toEqual(['Closing time must differ from opening time.', 'Fix the week.']);
    expect(row('wednesday').querySelector('[role="alert"]')!.textContent).toBe(
      'Closing time must differ from opening time.',
    );
    expect(
      within(row('wednesday'))
        .getByRole('combobox', { name: 'Wednesday opening time' })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(row('monday').querySelector('[role="alert"]')).toBeNull();
  });
});
