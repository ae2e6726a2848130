/*
 * The controls of the server-paged lists (the admin's, the host's inbox): a search box (sent to the server after a short
 * pause), a status filter, a sort order and a pager. Their values live in the URL (useUrlParams).
 */
import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { formatCount } from '@/web/lib/format';

export interface Option {
  value: string;
  label: string;
}

/** A search box that reports its text after 300 ms without typing. */
export function ListSearch({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => {
    setText(value);
  }, [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onChange(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <div className="relative min-w-0 sm:w-72">
      <Search
        className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className="pl-10"
      />
    </div>
  );
}

export function ListSelect({
  value,
  onChange,
  options,
  label,
  className = 'sm:w-48',
}: {
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  label: string;
  className?: string;
}) {
  return (
    <Select value={value || options[0]!.value} onValueChange={onChange}>
      <SelectTrigger className={className} aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

type ListParams = { q: string; status: string; sort: string };

/**
 * The toolbar of a server-paged list: search, a status filter whose options carry the server's
 * counts ("Pending (3)"), and a sort order — all kept in the URL by the caller's setParams.
 */
export function ListToolbar({
  params,
  setParams,
  search,
  status,
  sort,
}: {
  params: ListParams;
  setParams: (patch: Partial<ListParams>) => void;
  search: { label: string; placeholder: string };
  status: { label: string; options: readonly Option[]; counts?: Partial<Record<string, number>> };
  sort: { label: string; options: readonly Option[]; className?: string };
}) {
  const counts = status.counts;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <ListSearch value={params.q} onChange={(q) => setParams({ q })} {...search} />
      <ListSelect
        value={params.status}
        onChange={(value) => setParams({ status: value })}
        options={status.options.map((o) => ({
          ...o,
          label: counts && o.value !== 'all' ? `${o.label} (${formatCount(counts[o.value] ?? 0)})` : o.label,
        }))}
        label={status.label}
      />
      <ListSelect
        value={params.sort}
        onChange={(value) => setParams({ sort: value })}
        options={sort.options}
        label={sort.label}
        className={sort.className ?? 'sm:w-40'}
      />
    </div>
  );
}

/** "Showing 21–40 of 93 {noun}" with previous and next page buttons. */
export function Pager({
  page,
  pageSize,
  total,
  noun,
  onPage,
  busy,
}: {
  page: number;
  pageSize: number;
  total: number;
  noun: string;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={`${noun} pages`}
      className="flex flex-col items-center justify-between gap-3 text-sm text-muted-foreground sm:flex-row"
    >
      <p aria-live="polite">
        {total === 0
          ? `No ${noun}`
          : `Showing ${formatCount(from)}–${formatCount(to)} of ${formatCount(total)} ${noun}`}
      </p>
      {pages > 1 && (
        <div className="flex flex-wrap items-center justify-center gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => onPage(page - 1)}
            disabled={page <= 1 || busy}
            aria-label="Previous page"
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <span className="whitespace-nowrap tabular-nums">
            Page {page} of {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => onPage(page + 1)}
            disabled={page >= pages || busy}
            aria-label="Next page"
          >
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      )}
    </nav>
  );
}

/** A positive page number from the URL (1 when missing or malformed). */
export const pageFrom = (value: string) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};
