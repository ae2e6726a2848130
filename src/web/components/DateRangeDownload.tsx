/*
 * From and To dates and a CSV download of that range (the host's earnings statement, the admin's
 * payout batch). Changing a date changes the link; the server filters.
 */
import { Download } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';

/** The query string of a range: only the ends that are set. */
export const rangeQuery = (from: string, to: string) =>
  new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();

export function DateRangeDownload({
  id,
  from,
  to,
  onFrom,
  onTo,
  csvPath,
  label,
}: {
  id: string;
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  /** The CSV endpoint; the range's query string is added. */
  csvPath: string;
  label: string;
}) {
  const query = rangeQuery(from, to);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input id={`${id}-from`} type="date" value={from} onChange={(e) => onFrom(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input id={`${id}-to`} type="date" value={to} onChange={(e) => onTo(e.target.value)} />
      </div>
      <Button asChild variant="outline">
        <a href={`${csvPath}${query ? `?${query}` : ''}`} download>
          <Download aria-hidden="true" />
          {label}
        </a>
      </Button>
    </div>
  );
}
