import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Container } from '@/web/components/Container';

export function AccessDenied({ message }: { message: string }) {
  return (
    <Container className="py-16">
      <EmptyState
        icon={Lock}
        titleAs="h1"
        title={message}
        role="alert"
        action={
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
        }
      />
    </Container>
  );
}
