import { describe, expect, it } from 'vitest';
import { AppError } from '@/domain/errors';
import { BUSY_MESSAGE, ConcurrencyLimit } from './queue';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('ConcurrencyLimit', () => {
  it('runs at most `slots` jobs at once, the rest in arrival order', async () => {
    const limit = new ConcurrencyLimit(2, 10);
    const started: number[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) =>
      limit.run(async () => {
        started.push(i);
        await tick();
        return i * 10;
      }),
    );
    expect(limit.active).toBe(2);
    expect(limit.queued).toBe(4);
    expect(await Promise.all(jobs)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(limit.peak).toBe(2);
    expect(limit.active).toBe(0);
  });

  it('frees the slot when a job fails', async () => {
    const limit = new ConcurrencyLimit(1, 10);
    await expect(limit.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await limit.run(async () => 'next')).toBe('next');
  });

  it('refuses at once (unavailable) when too many are waiting', async () => {
    const limit = new ConcurrencyLimit(1, 1);
    const first = limit.run(tick);
    const second = limit.run(tick);
    const third = limit.run(tick);
    await expect(third).rejects.toBeInstanceOf(AppError);
    await expect(third).rejects.toMatchObject({ code: 'unavailable', message: BUSY_MESSAGE });
    await Promise.all([first, second]);
  });
});
