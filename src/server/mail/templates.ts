import type { Role } from '@/domain/access';
import { renderEmail, type EmailContent } from './layout';

/**
 * The account confirmation email. Other templates (venue submitted/approved/rejected, booking
 * submitted/confirmation/accepted/rejected/edited) live in mail/venue-emails.ts and mail/booking-emails.ts.
 */
export function accountConfirmationEmail(p: { name: string; url: string; role: Role }): EmailContent {
  return renderEmail({
    subject: 'Confirm your Velvet account',
    heading: `Welcome to Velvet, ${p.name || 'there'}!`,
    paragraphs: [
      p.role === 'host'
        ? 'Thanks for creating a host account. Confirm your email address to start listing your venues.'
        : 'Thanks for signing up. Confirm your email address to start booking premium nightlife venues.',
    ],
    action: { label: 'Confirm Email Address', url: p.url },
    footnote:
      'This link works once and expires in 24 hours. If you did not create an account, you can ignore this email.',
  });
}
