import { describe, expect, it, vi } from 'vitest';
import type { Resolver, ResolverOptions } from 'react-hook-form';
import { lazyResolver } from './lazyResolver';

type Values = { email: string };
const options = {} as ResolverOptions<Values>;
const ok: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the validation once, on the first validation, and lets every validation use it', async () => {
    const make = vi.fn(async () => ok);
    const resolver = lazyResolver(make);
    expect(make).not.toHaveBeenCalled();
    await Promise.all([
      resolver({ email: 'a@b.c' }, undefined, options),
      resolver({ email: 'd@e.f' }, undefined, options),
    ]);
    expect(await resolver({ email: 'g@h.i' }, undefined, options)).toEqual({
      values: { email: 'g@h.i' },
      errors: {},
    });
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('asks for a chunk that failed to load again on the next validation', async () => {
    const make = vi.fn<() => Promise<Resolver<Values>>>();
    make.mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'));
    make.mockResolvedValueOnce(ok);
    const resolver = lazyResolver(make);
    await expect(resolver({ email: 'a@b.c' }, undefined, options)).rejects.toThrow('Failed to fetch');
    expect(await resolver({ email: 'a@b.c' }, undefined, options)).toEqual({
      values: { email: 'a@b.c' },
      errors: {},
    });
    expect(make).toHaveBeenCalledTimes(2);
  });
});
