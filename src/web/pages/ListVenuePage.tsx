import { Link } from 'react-router';
import {
  ArrowRight,
  CalendarCheck,
  Camera,
  CircleDollarSign,
  Rocket,
  SlidersHorizontal,
  Users,
  Wallet,
} from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Container } from '@/web/components/Container';
import { useAuth } from '@/web/features/auth';
import { FeatureGrid, SectionHeading, type Step, StepList } from '@/web/features/marketing';

const benefits: Step[] = [
  {
    icon: Rocket,
    title: 'Easy Setup',
    text: 'Create a listing in minutes with photos, amenities, hours and pricing — no technical skills needed.',
  },
  {
    icon: Users,
    title: 'Reach More Guests',
    text: 'Get discovered by people planning birthdays, launches, corporate nights and private parties.',
  },
  {
    icon: CircleDollarSign,
    title: 'Extra Income',
    text: 'Turn quiet nights and off-peak hours into revenue, with hourly rates or a minimum bar spend.',
  },
  {
    icon: SlidersHorizontal,
    title: 'Full Control',
    text: 'You decide your hours, prices and available dates, and you approve every booking request.',
  },
];

const steps: Step[] = [
  {
    icon: Camera,
    title: 'Create Your Listing',
    text: 'Describe your venue, upload photos and set your pricing. Our team reviews it within 24-48 hours.',
  },
  {
    icon: CalendarCheck,
    title: 'Set Availability',
    text: 'Choose weekly opening hours and override specific dates whenever your plans change.',
  },
  {
    icon: Wallet,
    title: 'Start Earning',
    text: 'Accept requests and host great events. Payment is secured through Velvet and paid out after the event.',
  },
];

/** /list-venue: host landing page. */
export default function ListVenuePage() {
  const { user } = useAuth();
  const startPath = user ? '/upload-venue' : '/host-auth';

  return (
    <>
      <section className="relative overflow-hidden border-b border-border/60">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-16 left-1/2 h-[28rem] w-[56rem] -translate-x-1/2 glow-purple-soft"
        />
        <Container className="relative py-16 text-center sm:py-24">
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-accent-soft">
            For venue owners
          </p>
          <h1 className="mx-auto mt-4 max-w-3xl font-display text-4xl font-semibold leading-tight tracking-tight sm:text-6xl">
            List Your <span className="text-gradient">Nightlife Venue</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            Bars, clubs and lounges on Velvet reach guests looking for their next private event. Listing is
            free, and you stay in control of every booking.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={startPath}>
                Get Started Today
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/how-it-works">How It Works</Link>
            </Button>
          </div>
        </Container>
      </section>

      <Container className="py-16 sm:py-20">
        <section aria-labelledby="benefits-heading">
          <SectionHeading
            id="benefits-heading"
            eyebrow="Why host on Velvet"
            title="Everything you need to fill your calendar"
          />
          <FeatureGrid items={benefits} columns={4} />
        </section>

        <section aria-labelledby="steps-heading" className="mt-20">
          <SectionHeading id="steps-heading" eyebrow="How it works" title="Live in three steps" />
          <StepList steps={steps} />
        </section>

        <section
          aria-labelledby="cta-heading"
          className="mt-20 rounded-3xl border border-border bg-gradient-to-br from-purple-950/60 via-surface to-fuchsia-950/40 px-6 py-12 text-center sm:px-12"
        >
          <h2 id="cta-heading" className="font-display text-3xl font-semibold tracking-tight">
            Ready to welcome more guests?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
            Submit your venue today. We approve new listings within 24-48 hours.
          </p>
          <Button asChild size="lg" className="mt-8">
            <Link to={startPath}>List Your Venue Now</Link>
          </Button>
        </section>
      </Container>
    </>
  );
}
