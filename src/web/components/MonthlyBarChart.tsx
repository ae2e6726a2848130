/*
 * Money per month as bars: an SVG with a title and a description that says every figure, and
 * the same figures as a table behind "Show as a table" (the host's earnings, the admin's report).
 */
import { formatCents } from '@/domain/payments';

export const monthLabel = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

export function MonthlyBarChart({
  id,
  title,
  months,
}: {
  /** Makes the SVG's title and description ids unique on the page. */
  id: string;
  title: string;
  months: ReadonlyArray<{ month: string; cents: number }>;
}) {
  const shown = months.slice(-12);
  const max = Math.max(1, ...shown.map((m) => m.cents));
  const width = Math.max(320, shown.length * 56);
  const height = 180;
  return (
    <figure className="grid gap-3">
      <div className="overflow-x-auto">
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${width} ${height + 24}`}
          className="h-52 min-w-full"
          preserveAspectRatio="xMinYMid meet"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>
            {shown.map((m) => `${monthLabel(m.month)}: ${formatCents(m.cents)}`).join('; ')}
          </desc>
          {shown.map((m, i) => {
            const h = Math.round((Math.max(0, m.cents) / max) * (height - 20));
            return (
              <g key={m.month}>
                <rect x={i * 56 + 10} y={height - h} width={36} height={h} rx={4} className="fill-accent" />
                <text
                  x={i * 56 + 28}
                  y={height + 16}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[10px]"
                >
                  {monthLabel(m.month).replace(/ \d\d(\d\d)$/, ' ’$1')}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="sr-only">{title}; the same figures are in the table below.</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Show as a table</summary>
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr className="text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                Month
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month} className="border-t border-border">
                <td className="py-1">{monthLabel(m.month)}</td>
                <td className="py-1 text-right tabular-nums">{formatCents(m.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
