import { LayoutDashboard, ShieldCheck, TrendingUp } from 'lucide-react';
import { AuthPortal, type AuthPortalConfig } from '@/web/features/auth';

const config: AuthPortalConfig = {
  portal: 'host',
  title: 'Host Portal',
  description: 'Sign in to manage your venues, or create a host account to list one.',
  switchPrompt: 'Looking to book a venue?',
  switchLabel: 'Back to Guest Access',
  switchTo: '/user-auth',
  marketing: {
    eyebrow: 'For venue owners',
    heading: 'Turn your venue into a destination',
    text: 'List your space on Velvet and reach guests planning private events, parties and nights out.',
    features: [
      {
        icon: TrendingUp,
        title: 'Earn More Revenue',
        text: 'Fill quiet nights and off-peak hours with private events and group bookings.',
      },
      {
        icon: LayoutDashboard,
        title: 'Easy Management',
        text: 'Set weekly hours, per-date prices and availability, and answer requests from one dashboard.',
      },
      {
        icon: ShieldCheck,
        title: 'Secure Payments',
        text: 'Guests pay through the platform, and you are paid after the event is completed.',
      },
    ],
  },
};

/** /host-auth: host portal sign in / sign up. */
export default function HostAuthPage() {
  return <AuthPortal config={config} />;
}
