import { describe, expect, it } from 'vitest';
import { navItemsFor } from './navItems';

describe('navItemsFor', () => {
  it("puts the pending-request count on the host's dashboard link only", () => {
    const user = { id: 'u' } as never;
    expect(navItemsFor({ user, role: 'host' }, 0, 4).find((i) => i.to === '/host-dashboard')?.pending).toBe(
      4,
    );
    for (const role of ['user', 'admin'] as const)
      expect(navItemsFor({ user, role }, 0, 4).some((i) => i.pending)).toBe(false);
  });
});
