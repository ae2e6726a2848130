import { BadgeCheck, CalendarCheck, Sparkles } from 'lucide-react';
import { AuthPortal, type AuthPortalConfig } from '@/web/features/auth';

const config: AuthPortalConfig = {
  portal: 'user',
  title: 'Welcome to Velvet',
  description: 'Sign in or create an account to book premium nightlife venues.',
  switchPrompt: 'Own or manage a venue?',
  switchLabel: 'Go to the Host Portal',
  switchTo: '/host-auth',
  marketing: {
    eyebrow: 'For guests',
    heading: 'Your next great night starts here',
    text: 'Find the right bar, club or lounge for birthdays, launches and nights out — and book it in minutes.',
    features: [
      {
        icon: CalendarCheck,
        title: 'Easy Booking',
        text: 'Pick a date and time, send your request and pay securely, all in a few taps.',
      },
      {
        icon: Sparkles,
        title: 'Premium Venues',
        text: 'Hand-picked nightlife spaces with the sound, bar and atmosphere your event deserves.',
      },
      {
        icon: BadgeCheck,
        title: 'Verified Locations',
        text: 'Every venue is reviewed and approved by our team before it goes live.',
      },
    ],
  },
};

/** /user-auth and /auth: guest sign in / sign up. */
export default function UserAuthPage() {
  return <AuthPortal config={config} />;
}
