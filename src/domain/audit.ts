/**
 * The audit trail's vocabulary (issue 30): every privileged action, recorded in the transaction
 * that does it (src/server/services/audit), and how the admin's Audit section names it.
 */
export const AUDIT_ACTIONS = {
  'venue.approved': 'Venue approved',
  'venue.rejected': 'Venue rejected',
  'venue.deleted': 'Venue deleted',
  'venue.edited_by_admin': 'Venue edited by the admin',
  'revision.approved': 'Venue changes approved',
  'revision.rejected': 'Venue changes rejected',
  'revision.withdrawn': 'Venue changes withdrawn',
  'bank_details.revealed': 'Bank details revealed',
  'booking.edited_by_admin': 'Booking edited by the admin',
  'booking.cancelled': 'Booking cancelled',
  'refund.issued': 'Refund issued',
  'charge.made': 'Additional charge made',
  'charge.disputed': 'Additional charge disputed',
  'charge.upheld': 'Dispute decided: charge upheld',
  'charge.refunded': 'Dispute decided: charge refunded',
  'review.unpublished': 'Review unpublished',
  'review.republished': 'Review published again',
  'payout.recorded': 'Payout recorded',
  'fee.changed': 'Platform fee changed',
  'role.changed': 'Role changed',
  'two_factor.enabled': 'Two-factor sign-in turned on',
  'two_factor.disabled': 'Two-factor sign-in turned off',
  'sessions.signed_out_others': 'Other devices signed out',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export const isAuditAction = (value: unknown): value is AuditAction =>
  typeof value === 'string' && Object.hasOwn(AUDIT_ACTIONS, value);

/** What an entry is about. */
export const AUDIT_SUBJECTS = [
  'venue',
  'booking',
  'payment',
  'review',
  'payout',
  'account',
  'settings',
] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];
