/** The receipt page's body (issue 31): the receipt's rows, Download PDF and Print. */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Download, Printer } from 'lucide-react';
import type { Receipt } from '@/domain/contract';
import { receiptRows } from '@/domain/receipts';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { api, errorMessage } from '@/web/lib/api';
import { cn } from '@/web/lib/utils';

export const receiptKey = (bookingId: string) => ['receipt', bookingId] as const;

/**
 * Label-value rows. Details and totals have short labels and values that may wrap (an address);
 * items (`amounts`) have labels that may be long (a charge's description) and an amount that
 * never wraps, so on a phone the label wraps instead of pushing the amount off the card.
 */
function Rows({
  rows,
  strong = false,
  amounts = false,
}: {
  rows: [string, string][];
  strong?: boolean;
  amounts?: boolean;
}) {
  return (
    <dl className="grid gap-2">
      {rows.map(([label, value], i) => (
        <div key={i} className="flex items-baseline justify-between gap-4">
          <dt
            className={cn(
              amounts ? 'min-w-0 break-words' : 'shrink-0',
              strong ? 'font-semibold' : 'text-muted-foreground',
            )}
          >
            {label}
          </dt>
          <dd
            className={cn(
              'text-right tabular-nums',
              amounts ? 'shrink-0 whitespace-nowrap' : 'min-w-0 break-words',
              strong && 'font-semibold',
            )}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ReceiptView({ bookingId }: { bookingId: string }) {
  const receipt = useQuery({
    queryKey: receiptKey(bookingId),
    queryFn: () => api.get<Receipt>(`/api/bookings/${bookingId}/receipt`),
    retry: false,
  });
  if (receipt.isPending) return <p className="text-muted-foreground">Loading the receipt...</p>;
  if (receipt.isError)
    return (
      <Card className="p-6">
        <p role="alert">{errorMessage(receipt.error, 'Could not load the receipt.')}</p>
        <Button asChild variant="outline" className="mt-4">
          <Link to="/user-dashboard">Back to My Bookings</Link>
        </Button>
      </Card>
    );
  const r = receipt.data;
  const rows = receiptRows(r);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-3 print:hidden">
        <Button asChild>
          <a href={`/api/bookings/${bookingId}/receipt.pdf`} download>
            <Download aria-hidden="true" />
            Download PDF
          </a>
        </Button>
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
      <Card className="grid gap-6 p-6 sm:p-8" data-testid="receipt">
        <div className="flex items-baseline justify-between gap-4">
          <p className="font-display text-2xl font-semibold">Velvet</p>
          <p className="text-sm text-muted-foreground">Issued {r.issued_at.slice(0, 10)}</p>
        </div>
        <Rows rows={rows.details} />
        <div className="border-t border-border pt-4">
          <h2 className="mb-3 font-semibold">Items</h2>
          <Rows rows={rows.lines} amounts />
        </div>
        <div className="border-t border-border pt-4">
          <Rows rows={rows.totals} strong />
        </div>
      </Card>
    </div>
  );
}
