/**
 * The page manifest (SPEC §2, decision 62): every page of the web app named once — its path,
 * its page module (src/web/pages/<page>.tsx), who may open it, whether the server renders it,
 * its title and description, and whether it is in the sitemap. Plain data, so the server (the
 * renderer, robots/sitemap, email links) reads it without importing web code; the router
 * (src/web/App.tsx, through src/web/pageModules.ts), the browser suite's route list
 * (e2e/routes.ts) and the audit script (scripts/audit-pages.mjs) read it too.
 * Adding a page is one entry here and its module in src/web/pages.
 */
import type { Role } from './access';

export const SITE_NAME = 'Velvet';
export const DEFAULT_TITLE = 'Velvet — Premium Nightlife Venues';
export const DEFAULT_DESCRIPTION =
  'Velvet is the marketplace for premium nightlife venues: discover bars and clubs, request a date the host confirms, and list your own venue.';

/** The tab title of a page titled `title` (none: the site's own). */
export const pageTitle = (title?: string) => (title ? `${title} · ${SITE_NAME}` : DEFAULT_TITLE);

/**
 * Who may open a page: anyone; only a signed-out visitor (a signed-in one is sent to their
 * dashboard); any signed-in visitor; or a signed-in visitor of one of the roles (anyone else is
 * sent to '/').
 */
export type PageAccess = 'anyone' | 'signedOut' | 'signedIn' | readonly Role[];

export interface PageEntry {
  /** The path as the router spells it ('*' for every other path). */
  readonly path: string;
  /** The page module: src/web/pages/<page>.tsx. */
  readonly page: string;
  readonly access: PageAccess;
  /** Rendered by the server with its data (decision 25); otherwise the browser renders it. */
  readonly ssr: boolean;
  /**
   * A signed-in page the server renders for a viewer its access lets in, with the data of its
   * first screen (src/web/entry-server.tsx SHELL_DATA, decision 92); the browser renders it for
   * anyone else (its guard sends them on).
   */
  readonly ssrForViewer?: true;
  /** The tab title, before ' · Velvet' (none: the site's title). A page may refine it with its data. */
  readonly title?: string;
  readonly description?: string;
  /** The page renders its own <title> (it depends on the page's data or state). */
  readonly titledByPage?: boolean;
  /** The canonical path when another path shows the same page. */
  readonly canonical?: string;
  /** Listed in sitemap.xml (a path with a parameter is listed once per row by the sitemap). */
  readonly sitemap: boolean;
}

const HOME_DESCRIPTION = DEFAULT_DESCRIPTION;
const SIGN_IN = 'Sign in or create a Velvet account to book premium nightlife venues.';

export const PAGES = [
  { path: '/', page: 'HomePage', access: 'anyone', ssr: true, description: HOME_DESCRIPTION, sitemap: true },
  {
    path: '/browse',
    page: 'HomePage',
    access: 'anyone',
    ssr: true,
    description: HOME_DESCRIPTION,
    canonical: '/',
    sitemap: false,
  },
  {
    path: '/venue/:id',
    page: 'VenueDetailPage',
    titledByPage: true,
    access: 'anyone',
    ssr: true,
    title: 'Venue',
    description: HOME_DESCRIPTION,
    sitemap: true,
  },
  {
    path: '/how-it-works',
    page: 'HowItWorksPage',
    access: 'anyone',
    ssr: true,
    title: 'How It Works',
    description:
      'How Velvet works for guests and hosts: find a venue, request a date, pay securely — or list your venue and take bookings.',
    sitemap: true,
  },
  {
    path: '/list-venue',
    page: 'ListVenuePage',
    access: 'anyone',
    ssr: false,
    title: 'List Your Venue',
    sitemap: true,
  },
  {
    path: '/email-confirmation',
    page: 'EmailConfirmationPage',
    access: 'anyone',
    ssr: false,
    title: 'Check Your Email',
    sitemap: false,
  },
  {
    path: '/confirm-email',
    page: 'ConfirmEmailPage',
    titledByPage: true,
    access: 'anyone',
    ssr: false,
    title: 'Confirming Email',
    sitemap: false,
  },
  {
    path: '/payment-success',
    page: 'PaymentSuccessPage',
    access: 'anyone',
    ssr: false,
    title: 'Payment',
    sitemap: false,
  },
  {
    path: '/forgot-password',
    page: 'ForgotPasswordPage',
    access: 'anyone',
    ssr: false,
    title: 'Forgot Password',
    sitemap: false,
  },
  {
    path: '/reset-password',
    page: 'ResetPasswordPage',
    access: 'anyone',
    ssr: false,
    title: 'Choose a New Password',
    sitemap: false,
  },
  {
    path: '/user-auth',
    page: 'UserAuthPage',
    access: 'signedOut',
    ssr: true,
    title: 'Sign In',
    description: SIGN_IN,
    sitemap: false,
  },
  {
    path: '/auth',
    page: 'UserAuthPage',
    access: 'signedOut',
    ssr: true,
    title: 'Sign In',
    description: SIGN_IN,
    canonical: '/user-auth',
    sitemap: false,
  },
  {
    path: '/host-auth',
    page: 'HostAuthPage',
    access: 'signedOut',
    ssr: true,
    title: 'Host Portal',
    description: 'Sign in or create a host account to list your venue on Velvet and take bookings.',
    sitemap: false,
  },
  {
    path: '/user-dashboard',
    page: 'UserDashboardPage',
    access: ['user'],
    ssr: false,
    ssrForViewer: true,
    title: 'My Bookings',
    sitemap: false,
  },
  {
    path: '/host-dashboard',
    page: 'HostDashboardPage',
    access: ['host'],
    ssr: false,
    ssrForViewer: true,
    title: 'Host Dashboard',
    sitemap: false,
  },
  {
    path: '/upload-venue',
    page: 'UploadVenuePage',
    access: ['host'],
    ssr: false,
    title: 'Add New Venue',
    sitemap: false,
  },
  {
    path: '/venue-management/:id',
    page: 'VenueManagementPage',
    titledByPage: true,
    access: ['host', 'admin'],
    ssr: false,
    title: 'Manage Venue',
    sitemap: false,
  },
  {
    // Any signed-in visitor: a non-admin sees 'Access denied. Admin privileges required.'
    path: '/admin-dashboard',
    page: 'AdminDashboardPage',
    access: 'signedIn',
    ssr: false,
    title: 'Admin Dashboard',
    sitemap: false,
  },
  {
    path: '/edit-venue/:id',
    page: 'EditVenuePage',
    access: ['admin', 'host'],
    ssr: false,
    title: 'Edit Venue',
    sitemap: false,
  },
  {
    path: '/edit-booking/:id',
    page: 'EditBookingPage',
    access: ['admin'],
    ssr: false,
    title: 'Edit Booking',
    sitemap: false,
  },
  {
    path: '/review/:bookingId',
    page: 'ReviewPage',
    access: 'signedIn',
    ssr: false,
    title: 'Write a Review',
    sitemap: false,
  },
  // Issue 31: settings, receipts, and the legal and help pages.
  {
    path: '/account',
    page: 'AccountPage',
    access: 'signedIn',
    ssr: false,
    title: 'Settings',
    sitemap: false,
  },
  {
    path: '/receipt/:bookingId',
    page: 'ReceiptPage',
    access: 'signedIn',
    ssr: false,
    title: 'Receipt',
    sitemap: false,
  },
  {
    path: '/terms',
    page: 'TermsPage',
    access: 'anyone',
    ssr: false,
    title: 'Terms and Conditions',
    description: 'The terms of using Velvet as a guest or a host.',
    sitemap: true,
  },
  {
    path: '/privacy',
    page: 'PrivacyPage',
    access: 'anyone',
    ssr: false,
    title: 'Privacy Policy',
    description: 'What Velvet keeps about you, why, and how to download or delete it.',
    sitemap: true,
  },
  {
    path: '/help',
    page: 'HelpPage',
    access: 'anyone',
    ssr: false,
    title: 'Help & Contact',
    description: 'Answers to common questions about booking and hosting on Velvet, and how to reach us.',
    sitemap: true,
  },
  { path: '*', page: 'NotFoundPage', access: 'anyone', ssr: false, title: 'Page not found', sitemap: false },
] as const satisfies readonly PageEntry[];

export type PagePath = (typeof PAGES)[number]['path'];
export type PageModule = (typeof PAGES)[number]['page'];

/** The parameters of a path ('/venue/:id' → { id }). */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

type Query = Record<string, string | number | undefined>;

/**
 * The path of a page with its parameters filled in and an optional query string, e.g.
 * pageHref('/venue/:id', { id }) — the only way the server builds a link to a page.
 */
export function pageHref<P extends Exclude<PagePath, '*'>>(
  path: P,
  ...[params, query]: keyof ParamsOf<P> extends never
    ? [params?: ParamsOf<P>, query?: Query]
    : [ParamsOf<P>, Query?]
): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name] ?? ''),
  );
  const qs = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return qs ? `${filled}?${qs}` : filled;
}

/** The pages listed in sitemap.xml whose path has no parameter. */
export const sitemapPaths = () =>
  (PAGES as readonly PageEntry[]).filter((p) => p.sitemap && !p.path.includes(':')).map((p) => p.path);
