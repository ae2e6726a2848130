/**
 * Which emails a person may switch off (issue 31). Every other email is transactional — about a
 * booking, a payment, the account's security — and always goes; the settings page says so.
 * The outbox (src/server/mail/outbox.ts) skips an optional email to an address whose profile
 * switched its kind off.
 */
export const OPTIONAL_EMAILS = {
  review_request: 'reminders',
  booking_message_unread: 'messages',
  waitlist_slot_free: 'waitlist',
} as const;

export type OptionalEmail = keyof typeof OPTIONAL_EMAILS;
export type EmailPreferenceKind = (typeof OPTIONAL_EMAILS)[OptionalEmail];

/** The kinds, in the order the settings page lists them, with the words it shows. */
export const EMAIL_PREFERENCES: readonly { kind: EmailPreferenceKind; label: string; description: string }[] =
  [
    {
      kind: 'reminders',
      label: 'Review reminders',
      description: 'The morning after a paid night, a note asking how it went.',
    },
    {
      kind: 'messages',
      label: 'New message notices',
      description: 'An email when someone writes to you about a booking and you have not read it.',
    },
    {
      kind: 'waitlist',
      label: 'Waitlist alerts',
      description: 'An email when a time you are waiting for comes free.',
    },
  ];

export const EMAIL_PREFERENCE_KINDS = EMAIL_PREFERENCES.map((p) => p.kind);

export const TRANSACTIONAL_NOTE =
  'Emails about your account, bookings and payments are always sent: they are part of the service.';

/** The kind a template belongs to, or null when it is transactional (always sent). */
export const preferenceKindOf = (template: string): EmailPreferenceKind | null =>
  Object.hasOwn(OPTIONAL_EMAILS, template) ? OPTIONAL_EMAILS[template as OptionalEmail] : null;

/** Whether an email of this template goes to someone who switched off `optedOut`. */
export const wantsEmail = (template: string, optedOut: readonly string[]): boolean => {
  const kind = preferenceKindOf(template);
  return kind === null || !optedOut.includes(kind);
};

/** The preferences as the API answers them: every kind, on or off. */
export const preferencesFrom = (optedOut: readonly string[]): Record<EmailPreferenceKind, boolean> =>
  Object.fromEntries(EMAIL_PREFERENCE_KINDS.map((k) => [k, !optedOut.includes(k)])) as Record<
    EmailPreferenceKind,
    boolean
  >;
