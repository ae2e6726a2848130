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

describe('ConcurrencyLimit with a memory budget', () => {
  /** A job that runs until its `done` is called. */
  function held(limit: ConcurrencyLimit, cost: number, log: string[], name: string) {
    let done!: () => void;
    const finished = new Promise<void>((r) => (done = r));
    const result = limit.run(async () => {
      log.push(name);
      await finished;
      return name;
    }, cost);
    return { result, done };
  }

  it('runs two jobs at once only when their costs fit in the budget together', async () => {
    const limit = new ConcurrencyLimit(2, 10, 100);
    const log: string[] = [];
    const a = held(limit, 60, log, 'a');
    const b = held(limit, 60, log, 'b');
    await tick();
    expect(log).toEqual(['a']);
    expect(limit.active).toBe(1);
    expect(limit.queued).toBe(1);
    a.done();
    await tick();
    expect(log).toEqual(['a', 'b']);
    const c = held(limit, 40, log, 'c');
    await tick();
    expect(log).toEqual(['a', 'b', 'c']);
    expect(limit.active).toBe(2);
    b.done();
    c.done();
    expect(await Promise.all([a.result, b.result, c.result])).toEqual(['a', 'b', 'c']);
    expect(limit.peakCost).toBe(100);
    expect(limit.active).toBe(0);
  });

  it('runs a job larger than the whole budget alone, and small ones do not overtake it', async () => {
    const limit = new ConcurrencyLimit(2, 10, 100);
    const log: string[] = [];
    const small = held(limit, 10, log, 'small');
    const huge = held(limit, 500, log, 'huge');
    const later = held(limit, 10, log, 'later');
    await tick();
    // 'later' would fit beside 'small', but it arrived after 'huge', which waits for the budget.
    expect(log).toEqual(['small']);
    small.done();
    await tick();
    expect(log).toEqual(['small', 'huge']);
    expect(limit.active).toBe(1);
    huge.done();
    await tick();
    expect(log).toEqual(['small', 'huge', 'later']);
    later.done();
    await Promise.all([small.result, huge.result, later.result]);
    expect(limit.peak).toBe(1);
  });

  it('gives a freed slot to the next waiting job, not to one arriving meanwhile', async () => {
    const limit = new ConcurrencyLimit(1, 10);
    const log: string[] = [];
    const first = held(limit, 0, log, 'first');
    const second = held(limit, 0, log, 'second');
    first.done();
    await first.result;
    const third = held(limit, 0, log, 'third');
    await tick();
    expect(log).toEqual(['first', 'second']);
    expect(limit.peak).toBe(1);
    second.done();
    await tick();
    third.done();
    await Promise.all([second.result, third.result]);
    expect(log).toEqual(['first', 'second', 'third']);
  });
});
