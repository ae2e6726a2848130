import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LEAVE_TITLE, useUnsavedChanges } from './UnsavedChanges';

function Form() {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const leave = useUnsavedChanges(value !== '');
  return (
    <>
      {leave.dialog}
      <label htmlFor="name">Name</label>
      <input id="name" value={value} onChange={(e) => setValue(e.target.value)} />
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/form?tab=other">Other tab</Link>
      <button
        type="button"
        onClick={() => {
          leave.allowNavigation();
          navigate('/elsewhere');
        }}
      >
        Save
      </button>
    </>
  );
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <Form /> },
      { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useUnsavedChanges', () => {
  it('leaves at once when nothing was typed', async () => {
    const user = userEvent.setup();
    const router = renderForm();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks before leaving with typed changes: Stay keeps them, Leave goes', async () => {
    const user = userEvent.setup();
    const router = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Neon');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('dialog', { name: LEAVE_TITLE })).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stay on Page' }));
    expect(router.state.location.pathname).toBe('/form');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Neon');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave Page' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).not.toBeNull();
  });

  it('a tab of the same page does not ask; a save that navigates does not ask', async () => {
    const user = userEvent.setup();
    const router = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Neon');
    await user.click(screen.getByRole('link', { name: 'Other tab' }));
    expect(router.state.location.search).toBe('?tab=other');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).not.toBeNull();
  });

  it('asks the browser before the tab is closed while there are changes', async () => {
    const user = userEvent.setup();
    renderForm();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(screen.getByLabelText('Name'), 'Neon');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
