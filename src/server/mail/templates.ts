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

/** The password reset email (issue 12): a single-use link that works for an hour. */
export function passwordResetEmail(p: { name: string; url: string; ttlMinutes: number }): EmailContent {
  return renderEmail({
    subject: 'Reset your Velvet password',
    heading: `Hi ${p.name || 'there'},`,
    paragraphs: [
      'We received a request to reset the password of your Velvet account. Choose a new password with the button below.',
      'Once the new password is saved, every device signed in to your account is signed out.',
    ],
    action: { label: 'Choose a New Password', url: p.url },
    footnote: `This link works once and expires in ${p.ttlMinutes} minutes. If you did not ask for it, you can ignore this email: your password stays the same.`,
  });
}

/** Sent after a password reset, so that the owner notices a reset they did not make. */
export function passwordChangedEmail(p: { name: string; url: string }): EmailContent {
  return renderEmail({
    subject: 'Your Velvet password was changed',
    heading: `Hi ${p.name || 'there'},`,
    paragraphs: [
      'The password of your Velvet account was just changed, and every device that was signed in has been signed out.',
      'If this was not you, reset your password now with the button below.',
    ],
    action: { label: 'Reset Password', url: p.url },
  });
}
