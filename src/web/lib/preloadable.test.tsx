import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('preloadable', () => {
  it('fetches its module once, whether preloaded first or rendered first', async () => {
    const load = vi.fn(async () => ({ Hello }));
    const Lazy = preloadable(load, (m) => m.Hello);
    await Lazy.preload();
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Jamie" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Jamie')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed fetch, and its preload never rejects', async () => {
    const load = vi
      .fn<() => Promise<{ Hello: typeof Hello }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Hello });
    const Lazy = preloadable(load, (m) => m.Hello);
    await expect(Lazy.preload()).resolves.toBeUndefined();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(2);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Marcus" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Marcus')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
