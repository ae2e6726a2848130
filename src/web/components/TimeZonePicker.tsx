/**
 * A time-zone picker searchable by city: typing "Paris" offers Europe/Paris, "New York"
 * America/New_York (WAI-ARIA combobox with a list box: arrows move, Enter picks, Escape closes).
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Check, ChevronsUpDown } from 'lucide-react';
import { searchTimeZones, zoneCity, zoneLabel, zoneOffsetLabel } from '@/domain/time-zones';
import { inputClasses } from '@/web/components/ui/input';
import { cn } from '@/web/lib/utils';

/** How many matches the list shows at once (typing narrows it). */
export const MAX_ZONE_MATCHES = 60;

export function TimeZonePicker({
  id,
  value,
  onChange,
  onBlur,
  zones,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: {
  /** Set by FormField, with aria-invalid and aria-describedby. */
  id?: string;
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  zones: readonly string[];
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(() => searchTimeZones(zones, query, MAX_ZONE_MATCHES), [zones, query]);
  const optionId = (i: number) => `${listId}-option-${i}`;

  function openList() {
    setQuery('');
    setActive(Math.max(0, searchTimeZones(zones, '', MAX_ZONE_MATCHES).indexOf(value)));
    setOpen(true);
  }

  function choose(zone: string) {
    onChange(zone);
    setOpen(false);
    setQuery('');
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return openList();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(matches.length - 1, 0)));
    } else if (e.key === 'Enter') {
      if (!open) return;
      e.preventDefault();
      const zone = matches[active];
      if (zone) choose(zone);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setQuery('');
    }
  }

  const shown = open ? query : value ? `${zoneLabel(value)} (${zoneOffsetLabel(value)})` : '';

  return (
    <div className="relative">
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        placeholder={open ? 'Type a city, e.g. Paris or New York' : 'Choose a time zone'}
        value={shown}
        onFocus={openList}
        onClick={() => !open && openList()}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setQuery('');
          onBlur?.();
        }}
        className={cn(inputClasses, 'pr-10')}
      />
      <ChevronsUpDown
        className="pointer-events-none absolute right-3.5 top-3.5 size-4 text-muted-foreground"
        aria-hidden="true"
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Time zones"
          className="absolute z-50 mt-1.5 max-h-72 w-full overflow-y-auto rounded-xl border border-border bg-surface p-1 shadow-xl shadow-black/40"
        >
          {matches.length === 0 ? (
            <li className="px-3 py-2 text-sm text-muted-foreground" role="presentation">
              No time zone matches “{query}”. Try the nearest large city.
            </li>
          ) : (
            matches.map((zone, i) => (
              <li
                key={zone}
                id={optionId(i)}
                role="option"
                aria-selected={zone === value}
                // Keeps focus in the input, so the blur above does not close the list first.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(zone)}
                onMouseMove={() => setActive(i)}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm',
                  i === active && 'bg-surface-raised',
                )}
              >
                <Check
                  className={cn('size-4 shrink-0', zone === value ? 'text-accent' : 'invisible')}
                  aria-hidden="true"
                />
                <span className="min-w-0 flex-1 truncate">
                  <span className="font-medium">{zoneCity(zone)}</span>
                  <span className="text-muted-foreground"> · {zoneLabel(zone)}</span>
                </span>
                <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
                  {zoneOffsetLabel(zone)}
                </span>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
