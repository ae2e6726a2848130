import type { ComponentType, ReactNode } from 'react';
import { Tile } from '@/web/components/ui/tile';
import { cn } from '@/web/lib/utils';

export interface StatTileDef {
  label: string;
  value: ReactNode;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
}

/** A row of stat tiles. While loading the numbers show skeletons; on error a dash. */
export function StatTiles({
  tiles,
  loading,
  error,
  className,
}: {
  tiles: StatTileDef[];
  loading: boolean;
  error: boolean;
  className?: string;
}) {
  const columns =
    tiles.length >= 4
      ? 'sm:grid-cols-2 lg:grid-cols-4'
      : tiles.length === 3
        ? 'sm:grid-cols-3'
        : 'sm:grid-cols-2';
  return (
    <section aria-label="Summary" className={cn('grid gap-4', columns, className)}>
      {tiles.map((tile) => (
        <Tile
          key={tile.label}
          label={tile.label}
          icon={tile.icon}
          loading={loading}
          value={error ? '—' : tile.value}
          hint={error ? 'Could not load this figure.' : undefined}
        />
      ))}
    </section>
  );
}
