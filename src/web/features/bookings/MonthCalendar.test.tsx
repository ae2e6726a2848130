import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DayState } from '@/domain/availability';
import { MonthCalendar, dayForKey, type MonthCalendarProps } from './MonthCalendar';

const TODAY = '2026-11-23';

/** Days before today are past; weekends of November are unavailable; the 27th has its own settings. */
function stateOf(date: string): DayState {
  if (date < TODAY) return 'past';
  if (date === '2026-11-27') return 'override';
  if (['2026-11-28', '2026-11-29'].includes(date)) return 'unavailable';
  return 'available';
}

function Calendar(props: Partial<MonthCalendarProps>) {
  const [month, setMonth] = useState('2026-11');
  return (
    <MonthCalendar
      month={month}
      onMonthChange={setMonth}
      minMonth="2026-11"
      maxMonth="2027-01"
      today={TODAY}
      stateOf={stateOf}
      onSelect={() => undefined}
      label="Availability calendar"
      {...props}
    />
  );
}

const day = (date: string) => document.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`)!;

describe('MonthCalendar', () => {
  it('shows the month Sunday first, every day with its state in its name', () => {
    render(<Calendar />);
    expect(screen.getByTestId('calendar-month').textContent).toBe('November 2026');
    const grid = screen.getByRole('grid', { name: 'Availability calendar, November 2026' });
    expect(screen.getAllByRole('columnheader').map((h) => h.getAttribute('abbr'))).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    // 1 November 2026 is a Sunday: no blank cells before it; five weeks.
    const rows = grid.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(5);
    expect(rows[0]!.querySelector('td button')!.getAttribute('data-date')).toBe('2026-11-01');
    expect(document.querySelectorAll('button[data-date]')).toHaveLength(30);

    expect(day('2026-11-20').getAttribute('aria-label')).toBe('Friday, November 20, 2026, Past');
    expect(day('2026-11-23').getAttribute('aria-label')).toBe('Monday, November 23, 2026, today, Available');
    expect(day('2026-11-28').getAttribute('aria-label')).toBe('Saturday, November 28, 2026, Unavailable');
    expect(day('2026-11-27').getAttribute('aria-label')).toBe(
      'Friday, November 27, 2026, Custom Availability',
    );
    expect(day('2026-11-27').querySelector('span')).not.toBeNull(); // the purple dot
  });

  it('past days cannot be picked; the others can, by click or keyboard', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <Calendar
        onSelect={onSelect}
        canSelect={(_d, state) => state === 'available' || state === 'override'}
      />,
    );
    // Not pickable, yet focusable so the keyboard can pass over them.
    expect(day('2026-11-20').getAttribute('aria-disabled')).toBe('true');
    expect(day('2026-11-28').getAttribute('aria-disabled')).toBe('true');
    expect(day('2026-11-24').hasAttribute('aria-disabled')).toBe(false);

    await user.click(day('2026-11-20'));
    expect(onSelect).not.toHaveBeenCalled();

    await user.click(day('2026-11-24'));
    expect(onSelect).toHaveBeenLastCalledWith('2026-11-24', 'available');

    day('2026-11-25').focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('2026-11-25', 'available');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(day('2026-11-26'));
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith('2026-11-26', 'available');
    expect(onSelect).toHaveBeenCalledTimes(3);
  });

  it('marks the selected day and adds the extra description', () => {
    render(
      <Calendar selected="2026-11-24" describe={(d) => (d === '2026-11-24' ? '2 bookings' : undefined)} />,
    );
    expect(day('2026-11-24').parentElement!.getAttribute('aria-selected')).toBe('true');
    expect(day('2026-11-25').parentElement!.getAttribute('aria-selected')).toBe('false');
    expect(day('2026-11-24').getAttribute('aria-label')).toBe(
      'Tuesday, November 24, 2026, Available, 2 bookings',
    );
  });

  it('moves between months within the allowed range', async () => {
    const user = userEvent.setup();
    render(<Calendar />);
    const previous = screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next month' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);

    await user.click(next);
    expect(screen.getByTestId('calendar-month').textContent).toBe('December 2026');
    // 1 December 2026 is a Tuesday: two blank cells before it.
    const cells = Array.from(screen.getByRole('grid').querySelectorAll('tbody tr:first-child td'));
    expect(
      cells.slice(0, 3).map((c) => c.querySelector('button')?.getAttribute('data-date') ?? null),
    ).toEqual([null, null, '2026-12-01']);
    await user.click(next);
    expect(screen.getByTestId('calendar-month').textContent).toBe('January 2027');
    expect(next.disabled).toBe(true);
    await user.click(previous);
    expect(screen.getByTestId('calendar-month').textContent).toBe('December 2026');
  });

  it('shows skeletons instead of days while loading', () => {
    render(<Calendar loading />);
    expect(document.querySelectorAll('button[data-date]')).toHaveLength(0);
  });

  it('has one tab stop: the selected day, else today', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Calendar />);
    const stops = () =>
      Array.from(document.querySelectorAll('button[data-date]')).filter(
        (b) => b.getAttribute('tabindex') === '0',
      );
    expect(stops()).toEqual([day('2026-11-23')]);
    unmount();
    render(<Calendar selected="2026-11-25" />);
    expect(stops()).toEqual([day('2026-11-25')]);
    await user.tab(); // Next month (Previous is disabled)
    await user.tab();
    expect(document.activeElement).toBe(day('2026-11-25'));
    await user.tab();
    expect(document.activeElement?.getAttribute('data-date')).toBeNull(); // left the grid
  });

  it('arrow keys move by day and week, Home/End to the week’s edges, across months', async () => {
    const user = userEvent.setup();
    render(<Calendar />);
    day('2026-11-23').focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(day('2026-11-24'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(day('2026-12-01'));
    expect(screen.getByTestId('calendar-month').textContent).toBe('December 2026');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(day('2026-11-24'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(day('2026-11-23'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(day('2026-11-22')); // Sunday
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(day('2026-11-28')); // Saturday, unavailable but focusable
    // Only one tab stop at a time.
    expect(day('2026-11-28').getAttribute('tabindex')).toBe('0');
    expect(day('2026-11-23').getAttribute('tabindex')).toBe('-1');
  });

  it('PageUp/PageDown move by month, within the allowed range', async () => {
    const user = userEvent.setup();
    render(<Calendar />);
    day('2026-11-30').focus();
    await user.keyboard('{PageDown}');
    expect(screen.getByTestId('calendar-month').textContent).toBe('December 2026');
    expect(document.activeElement).toBe(day('2026-12-30'));
    await user.keyboard('{PageDown}');
    expect(document.activeElement).toBe(day('2027-01-30'));
    await user.keyboard('{PageDown}'); // February 2027 is past maxMonth: stays
    expect(document.activeElement).toBe(day('2027-01-30'));
    await user.keyboard('{PageUp}{PageUp}');
    expect(document.activeElement).toBe(day('2026-11-30'));
    await user.keyboard('{PageUp}'); // before minMonth: stays
    expect(document.activeElement).toBe(day('2026-11-30'));
  });

  it('dayForKey follows the date picker pattern', () => {
    expect(dayForKey('2027-01-31', 'PageDown')).toBe('2027-02-28');
    expect(dayForKey('2028-02-29', 'PageUp', true)).toBe('2027-02-28');
    expect(dayForKey('2026-11-25', 'Home')).toBe('2026-11-22');
    expect(dayForKey('2026-11-25', 'End')).toBe('2026-11-28');
    expect(dayForKey('2026-11-30', 'ArrowRight')).toBe('2026-12-01');
    expect(dayForKey('2026-11-25', 'a')).toBeNull();
  });
});
