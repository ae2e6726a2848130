import { Skeleton } from '@/web/components/ui/skeleton';

/** Shown while the session loads (SPEC §2: 'Loading...'). */
export function FullPageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <p role="status" aria-live="polite" className="text-sm font-medium text-muted-foreground">
        {label}
      </p>
      <Skeleton className="h-10 w-64 max-w-full" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}
