import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';

/** A failed read, with a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState
      icon={AlertTriangle}
      title={message}
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
