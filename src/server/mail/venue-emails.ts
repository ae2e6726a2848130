import { PRICING_TYPE_LABELS, formatPriceWithUnit, type PricingType } from '@/domain/pricing';
import { renderEmail, type EmailContent } from './layout';

/** What the venue emails show about a venue. */
export interface VenueSummary {
  id: string;
  name: string;
  address: string;
  city: string;
  capacity: number;
  base_price: number;
  pricing_type: PricingType;
}

const details = (v: VenueSummary): Array<[string, string]> => [
  ['Venue', v.name],
  ['Address', `${v.address}, ${v.city}`],
  ['Capacity', `Up to ${v.capacity} guests`],
  [
    'Pricing',
    `${PRICING_TYPE_LABELS[v.pricing_type]} · ${formatPriceWithUnit(v.base_price, v.pricing_type)}`,
  ],
];

const link = (publicUrl: string, pathname: string) => new URL(pathname, publicUrl).toString();

/** To the host, right after Add New Venue. */
export function venueSubmittedHostEmail(p: {
  venue: VenueSummary;
  hostName: string | null;
  publicUrl: string;
}): EmailContent {
  return renderEmail({
    subject: `Your venue "${p.venue.name}" was submitted for approval`,
    heading: 'Venue submitted for approval',
    paragraphs: [
      `Hi ${p.hostName || 'there'}, thanks for listing ${p.venue.name} on Velvet.`,
      'Our team reviews every new venue, usually within 24-48 hours. We will email you as soon as it is approved and visible to guests.',
    ],
    details: details(p.venue),
    action: { label: 'View My Venues', url: link(p.publicUrl, '/host-dashboard?tab=pending') },
  });
}

/** To the admin (ADMIN_EMAIL): a new venue waits for approval. */
export function venueSubmittedAdminEmail(p: {
  venue: VenueSummary;
  host: { full_name: string | null; email: string; business_name?: string | null };
  publicUrl: string;
}): EmailContent {
  return renderEmail({
    subject: `New venue awaiting approval: ${p.venue.name}`,
    heading: 'A new venue is waiting for approval',
    paragraphs: [
      `${p.host.full_name || p.host.email}${p.host.business_name ? ` (${p.host.business_name})` : ''} submitted ${p.venue.name}.`,
    ],
    details: [...details(p.venue), ['Host email', p.host.email]],
    action: { label: 'Review Venue Approvals', url: link(p.publicUrl, '/admin-dashboard') },
  });
}

/** To the host: the admin approved the venue (with the admin's notes, if any). */
export function venueApprovedEmail(p: {
  venue: VenueSummary;
  hostName: string | null;
  notes: string | null;
  publicUrl: string;
  /** The host's changes to a venue already live were approved (decision 74). */
  changes?: boolean;
}): EmailContent {
  if (p.changes) {
    return renderEmail({
      subject: `Your changes to "${p.venue.name}" are live`,
      heading: 'Your changes are live',
      paragraphs: [
        `Hi ${p.hostName || 'there'}, we reviewed your changes to ${p.venue.name} and guests now see them.`,
        ...(p.notes ? [`Notes from our team: ${p.notes}`] : []),
      ],
      details: details(p.venue),
      action: { label: 'View Your Venue', url: link(p.publicUrl, `/venue/${p.venue.id}`) },
    });
  }
  return renderEmail({
    subject: `Your venue "${p.venue.name}" is approved`,
    heading: 'Your venue is live!',
    paragraphs: [
      `Hi ${p.hostName || 'there'}, ${p.venue.name} has been approved and guests can now find and book it on Velvet.`,
      ...(p.notes ? [`Notes from our team: ${p.notes}`] : []),
    ],
    details: details(p.venue),
    action: { label: 'View Your Venue', url: link(p.publicUrl, `/venue/${p.venue.id}`) },
  });
}

/** To the host: the admin rejected the venue, with the reason. */
export function venueRejectedEmail(p: {
  venue: VenueSummary;
  hostName: string | null;
  reason: string;
  publicUrl: string;
  /** The host's changes to a venue already live were declined; the venue stays live as it was. */
  changes?: boolean;
}): EmailContent {
  if (p.changes) {
    return renderEmail({
      subject: `Your changes to "${p.venue.name}" were not approved`,
      heading: 'Your changes were not approved',
      paragraphs: [
        `Hi ${p.hostName || 'there'}, we reviewed your changes to ${p.venue.name} and could not approve them. Guests still see the venue as it was approved.`,
        `Reason: ${p.reason}`,
        'You can edit the venue again; our team will take another look.',
      ],
      details: details(p.venue),
      action: { label: 'Edit Your Venue', url: link(p.publicUrl, `/edit-venue/${p.venue.id}`) },
    });
  }
  return renderEmail({
    subject: `Your venue "${p.venue.name}" was not approved`,
    heading: 'Your venue was not approved',
    paragraphs: [
      `Hi ${p.hostName || 'there'}, we reviewed ${p.venue.name} and could not approve it yet.`,
      `Reason: ${p.reason}`,
      'You can edit the venue to address this; our team will take another look.',
    ],
    details: details(p.venue),
    action: { label: 'Edit Your Venue', url: link(p.publicUrl, `/edit-venue/${p.venue.id}`) },
  });
}

/** To the admin: a host changed an approved venue's name, description or photos (decision 74). */
export function venueChangedAdminEmail(p: {
  venue: VenueSummary;
  host: { full_name: string | null; email: string };
  note: string;
  publicUrl: string;
}): EmailContent {
  return renderEmail({
    subject: `Venue changes awaiting approval: ${p.venue.name}`,
    heading: 'An approved venue has changes to review',
    paragraphs: [
      `${p.host.full_name || p.host.email} changed ${p.venue.name}. ${p.note}`,
      'Guests keep seeing the approved version, and can still book it, until you approve the changes.',
    ],
    details: [...details(p.venue), ['Host email', p.host.email]],
    action: { label: 'Review Venue Approvals', url: link(p.publicUrl, '/admin-dashboard') },
  });
}
