import { Link } from 'react-router';
import { Container } from '@/web/components/Container';
import { VelvetMark } from './Brand';

export function Footer() {
  return (
    <footer className="mt-24 border-t border-border/70 bg-surface/40">
      <Container className="grid gap-10 py-12 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div>
          <div className="flex items-center gap-3">
            <VelvetMark className="size-8" />
            <span className="font-display text-lg font-semibold">Velvet</span>
          </div>
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-muted-foreground">
            Premium Nightlife Venues. Payments are secured through the platform, and venues are paid after the
            event is completed.
          </p>
        </div>
        <nav aria-label="Guests">
          <h2 className="text-sm font-semibold">For guests</h2>
          <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
            <li>
              <Link className="rounded hover:text-foreground" to="/">
                Browse Venues
              </Link>
            </li>
            <li>
              <Link className="rounded hover:text-foreground" to="/how-it-works">
                How It Works
              </Link>
            </li>
            <li>
              <Link className="rounded hover:text-foreground" to="/user-auth">
                Guest Sign In
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Hosts">
          <h2 className="text-sm font-semibold">For hosts</h2>
          <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
            <li>
              <Link className="rounded hover:text-foreground" to="/list-venue">
                List Your Venue
              </Link>
            </li>
            <li>
              <Link className="rounded hover:text-foreground" to="/host-auth">
                Host Portal
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Velvet">
          <h2 className="text-sm font-semibold">Velvet</h2>
          <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
            <li>
              <Link className="rounded hover:text-foreground" to="/help">
                Help &amp; Contact
              </Link>
            </li>
            <li>
              <Link className="rounded hover:text-foreground" to="/terms">
                Terms
              </Link>
            </li>
            <li>
              <Link className="rounded hover:text-foreground" to="/privacy">
                Privacy
              </Link>
            </li>
          </ul>
        </nav>
      </Container>
      <Container className="border-t border-border/60 py-6 text-xs text-muted-foreground">
        © {new Date().getFullYear()} Velvet. All rights reserved.
      </Container>
    </footer>
  );
}
