import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Container } from '@/web/components/Container';

export default function NotFoundPage() {
  return (
    <>
      <Container className="flex flex-col items-center py-20 text-center sm:py-28">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-accent/15 text-accent-soft">
          <Compass className="size-8" aria-hidden="true" />
        </span>
        <p className="mt-6 font-display text-6xl font-semibold text-gradient">404</p>
        <h1 className="mt-4 text-2xl font-semibold">Page not found</h1>
        <p className="mt-2 max-w-md text-muted-foreground">
          The page you are looking for doesn&apos;t exist or has moved.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link to="/">Back to Home</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/how-it-works">How It Works</Link>
          </Button>
        </div>
      </Container>
    </>
  );
}
