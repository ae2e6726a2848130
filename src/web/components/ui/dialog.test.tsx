import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';

/** A dialog opened from a plain button (no DialogTrigger), as the calendar days and card buttons do. */
function OpenedFromButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Details</DialogTitle>
          <DialogDescription>Something to read.</DialogDescription>
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('Dialog focus', () => {
  it('returns the focus to the button that opened it, closed by Escape or by a button inside', async () => {
    const user = userEvent.setup();
    render(<OpenedFromButton />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(opener);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Details' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('traps the focus inside while open', async () => {
    const user = userEvent.setup();
    render(<OpenedFromButton />);
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    const dialog = await screen.findByRole('dialog');
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('still returns to a DialogTrigger', async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger>Open</DialogTrigger>
        <DialogContent>
          <DialogTitle>With trigger</DialogTitle>
          <DialogDescription>Text.</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Open' });
    await user.click(trigger);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(trigger);
  });
});
