// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChargeConfirmStep } from './ChargeConfirmStep';

afterEach(cleanup);

describe('ChargeConfirmStep', () => {
  it('reads back the amount, the guest and the reason; Confirm and Back call their handlers', async () => {
    const onBack = vi.fn();
    const onConfirm = vi.fn();
    render(
      <ChargeConfirmStep
        amountCents={4550}
        guestName="Jamie Chen"
        reason="Property Damages"
        pending={false}
        onBack={onBack}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByText("Charge $45.50 to Jamie Chen's card for Property Damages?")).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('while the charge is pending, neither button can be pressed again', () => {
    render(
      <ChargeConfirmStep
        amountCents={100}
        guestName="G"
        reason="R"
        pending
        onBack={vi.fn()}
        onConfirm={vi.fn()}
      />,
    );
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
