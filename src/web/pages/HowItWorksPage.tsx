import { Link } from 'react-router';
import {
  CalendarCheck,
  CalendarClock,
  Crown,
  Inbox,
  PartyPopper,
  Search,
  ShieldCheck,
  Store,
  Zap,
} from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Container } from '@/web/components/Container';
import { FeatureGrid, SectionHeading, type Step, StepList } from '@/web/features/marketing';

const guestSteps: Step[] = [
  {
    icon: Search,
    title: 'Browse Venues',
    text: 'Search bars, clubs and lounges by city, group size, pricing type and budget.',
  },
  {
    icon: CalendarClock,
    title: 'Select Date & Time',
    text: "Check the venue's calendar, pick an open date and choose your start and end times.",
  },
  {
    icon: PartyPopper,
    title: 'Book & Party',
    text: 'Send your request, pay securely once the venue confirms, and enjoy your night.',
  },
];

const hostSteps: Step[] = [
  {
    icon: Store,
    title: 'List Your Venue',
    text: 'Add photos, capacity, amenities, opening hours and pricing. Our team approves listings within 24-48 hours.',
  },
  {
    icon: CalendarCheck,
    title: 'Manage Availability',
    text: 'Set weekly hours and prices, then override single dates for holidays, private events or special rates.',
  },
  {
    icon: Inbox,
    title: 'Accept Bookings',
    text: 'Approve, decline or adjust requests. Payment runs through Velvet and you are paid after the event.',
  },
];

const benefits: Step[] = [
  {
    icon: ShieldCheck,
    title: 'Secure Payments',
    text: 'Cards are handled by our payment provider, and venues are paid after the event is completed.',
  },
  {
    icon: Zap,
    title: 'Real-Time Availability',
    text: 'Calendars reflect the latest bookings and date changes, so you only see times you can actually book.',
  },
  {
    icon: Crown,
    title: 'Exclusive Venues',
    text: 'Every listing is reviewed by our team, so you choose from quality nightlife spaces only.',
  },
];

export default function HowItWorksPage() {
  return (
    <>
      <Container className="py-14 sm:py-20">
        <header className="mx-auto max-w-3xl text-center">
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-accent-soft">How It Works</p>
          <h1 className="mt-4 font-display text-4xl font-semibold leading-tight tracking-tight sm:text-5xl">
            From first search to <span className="text-gradient">last call</span>
          </h1>
          <p className="mt-5 text-lg text-muted-foreground">
            Velvet connects party-goers with premium nightlife venues, and gives venue owners the tools to
            fill their calendar.
          </p>
        </header>

        <section aria-labelledby="guests-heading" className="mt-20">
          <SectionHeading id="guests-heading" eyebrow="For party-goers" title="Book a venue in three steps" />
          <StepList steps={guestSteps} />
        </section>

        <section aria-labelledby="hosts-heading" className="mt-20">
          <SectionHeading
            id="hosts-heading"
            eyebrow="For venue hosts"
            title="Host events without the hassle"
          />
          <StepList steps={hostSteps} />
        </section>

        <section aria-labelledby="benefits-heading" className="mt-20">
          <SectionHeading id="benefits-heading" eyebrow="Why Velvet" title="Built for great nights out" />
          <FeatureGrid items={benefits} />
        </section>

        <section
          aria-labelledby="cta-heading"
          className="mt-20 rounded-3xl border border-border bg-gradient-to-br from-purple-950/60 via-surface to-fuchsia-950/40 px-6 py-12 text-center sm:px-12"
        >
          <h2 id="cta-heading" className="font-display text-3xl font-semibold tracking-tight">
            Ready when you are
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
            Find a venue for your next night out, or put your own space in front of thousands of guests.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/">Browse Venues</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/list-venue">List Your Venue</Link>
            </Button>
          </div>
        </section>
      </Container>
    </>
  );
}
