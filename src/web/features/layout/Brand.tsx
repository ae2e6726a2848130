import { Link } from 'react-router';
import { cn } from '@/web/lib/utils';

export function VelvetMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn('size-9', className)} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="velvet-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a855f7" />
          <stop offset="1" stopColor="#e935c1" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="#17131f" stroke="#2c2839" />
      <path d="M14 16h9.5L32 39.5 40.5 16H50L36.5 50h-9z" fill="url(#velvet-mark)" />
    </svg>
  );
}

export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/" onClick={onNavigate} className="group flex items-center gap-3 rounded-xl">
      <VelvetMark />
      <span className="flex flex-col leading-none">
        <span className="font-display text-xl font-semibold tracking-tight">Velvet</span>
        <span className="mt-1 text-[0.6875rem] font-medium uppercase tracking-[0.16em] text-muted-foreground">
          Premium Nightlife Venues
        </span>
      </span>
      {/* The name is the visible text (WCAG 2.5.3, label in name) and says where it leads. */}
      <span className="sr-only">, home</span>
    </Link>
  );
}
