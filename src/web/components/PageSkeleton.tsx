import { Skeleton } from '@/web/components/ui/skeleton';

/** Suspense fallback while a lazily loaded page arrives. */
export function PageSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 lg:px-8" aria-busy="true">
      <span className="sr-only" role="status">
        Loading page
      </span>
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-10 w-80 max-w-full" />
      <Skeleton className="h-5 w-[32rem] max-w-full" />
      <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="aspect-[16/10]" />
        <Skeleton className="aspect-[16/10]" />
        <Skeleton className="aspect-[16/10]" />
      </div>
    </div>
  );
}
