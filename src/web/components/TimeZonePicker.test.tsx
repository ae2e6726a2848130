import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { timeZoneChoices } from '@/domain/calendar';
import { FormField } from './ui/form-field';
import { TimeZonePicker } from './TimeZonePicker';

const zones = timeZoneChoices();

function Harness({ onChange }: { onChange?: (zone: string) => void }) {
  const [zone, setZone] = useState('America/Chicago');
  return (
    <FormField id="tz" label="Time Zone" hint="Search by city.">
      <TimeZonePicker
        value={zone}
        onChange={(z) => {
          setZone(z);
          onChange?.(z);
        }}
        zones={zones}
      />
    </FormField>
  );
}

const options = () => screen.getAllByRole('option').map((o) => o.textContent ?? '');

describe('TimeZonePicker', () => {
  it('is labelled by its FormField and shows the chosen zone with its offset', () => {
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Time Zone' });
    expect(box).toHaveProperty('value', expect.stringMatching(/^America\/Chicago \(GMT-[56]\)$/));
    expect(box.getAttribute('aria-describedby')).toBe('tz-hint');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('typing "Paris" finds Europe/Paris, and a click picks it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Time Zone' });
    await user.click(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await user.type(box, 'Paris');
    expect(options()).toHaveLength(1);
    expect(options()[0]).toContain('Europe/Paris');
    await user.click(screen.getByRole('option', { name: /Europe\/Paris/ }));
    expect(onChange).toHaveBeenCalledWith('Europe/Paris');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveProperty('value', expect.stringMatching(/^Europe\/Paris \(GMT\+[12]\)$/));
  });

  it('typing "New York" finds America/New_York; arrows and Enter pick by keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Time Zone' });
    await user.click(box);
    await user.type(box, 'New York');
    expect(options()[0]).toContain('America/New York');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('America/New_York');

    await user.clear(box);
    await user.type(box, 'an');
    const second = options()[1]!;
    await user.keyboard('{ArrowDown}{Enter}');
    expect(second).toContain(onChange.mock.lastCall![0].replaceAll('_', ' '));
  });

  it('Escape closes without changing; no match says so', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Time Zone' });
    await user.click(box);
    await user.type(box, 'Atlantis');
    expect(screen.getByRole('listbox').textContent).toContain('No time zone matches “Atlantis”');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(box).toHaveProperty('value', expect.stringContaining('America/Chicago'));
  });
});
