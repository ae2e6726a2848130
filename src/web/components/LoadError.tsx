import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';

/** A failed read, with a retry: every list and page that could not load shows this. */
export function LoadError({
  message,
  description,
  onRetry,
}: {
  message: string;
  description?: string;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      icon={AlertTriangle}
      title={message}
      description={description}
      role="alert"
      action={
        <Button variant="outline" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      }
    />
  );
}
