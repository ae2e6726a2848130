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
/**
 * To a confirmed account's address when someone signs up with it again or asks for a new
 * confirmation link: the answer on the page is the same as for a new address (so the page does
 * not tell a stranger who has an account); this email tells the owner what happened.
 */
export function accountExistsEmail(p: { name: string; signInUrl: string; resetUrl: string }): EmailContent {
  return renderEmail({
    subject: 'You already have a Velvet account',
    heading: `Hi ${p.name || 'there'},`,
    paragraphs: [
      'Someone — probably you — just tried to sign up for Velvet with this email address, or asked for a new confirmation link. This address already has a confirmed account, so nothing was changed.',
      'Sign in with your password. If you have forgotten it, choose “Forgot password?” on the sign-in page or open this link: ' +
        p.resetUrl,
      'If this was not you, you can ignore this email: your account and password are unchanged.',
    ],
    action: { label: 'Sign In', url: p.signInUrl },
  });
}

export function passwordChangedEmail(p: { name: string; url: string; fromSettings?: boolean }): EmailContent {
  return renderEmail({
    subject: 'Your Velvet password was changed',
    heading: `Hi ${p.name || 'there'},`,
    paragraphs: [
      p.fromSettings
        ? 'The password of your Velvet account was just changed in Settings, and every other device that was signed in has been signed out.'
        : 'The password of your Velvet account was just changed, and every device that was signed in has been signed out.',
      'If this was not you, reset your password now with the button below.',
    ],
    action: { label: 'Reset Password', url: p.url },
  });
}

/** To the new address of an email change (issue 31): the link that moves the account to it. */
export function emailChangeEmail(p: { name: string; url: string; ttlHours: number }): EmailContent {
  return renderEmail({
    subject: 'Confirm your new Velvet email address',
    heading: `Hi ${p.name || 'there'},`,
    paragraphs: [
      'You asked to use this address for your Velvet account. Confirm it with the button below; until then your account keeps its old address.',
      `The link works once, for ${p.ttlHours} hours. If you did not ask for this, ignore this email.`,
    ],
    action: { label: 'Confirm New Email', url: p.url },
  });
}

/** To the old address once the account moved to a new one. */
export function emailChangedEmail(p: { name: string; newEmail: string; url: string }): EmailContent {
  return renderEmail({
    subject: 'Your Velvet email address was changed',
    heading: `Hi ${p.name || 'there'},`,
    paragraphs: [
      `Your Velvet account now uses ${p.newEmail}. Emails about it will go there from now on.`,
      'If this was not you, reset your password with the button below and contact us.',
    ],
    action: { label: 'Reset Password', url: p.url },
  });
}

/** To the address of an account that was just deleted. */
export function accountDeletedEmail(p: { name: string; url: string }): EmailContent {
  return renderEmail({
    subject: 'Your Velvet account was deleted',
    heading: `Hi ${p.name || 'there'},`,
    paragraphs: [
      'Your Velvet account was deleted and every device was signed out. Your name, email and phone were removed.',
      'Past bookings stay on the venues’ records without your details, as the law and the hosts’ accounts need. You are welcome back any time with a new account.',
    ],
    action: { label: 'Visit Velvet', url: p.url },
  });
}
