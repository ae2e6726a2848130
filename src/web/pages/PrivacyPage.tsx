import { Link } from 'react-router';
import { LegalDocument } from '@/web/features/marketing';

/** /privacy: what Velvet keeps about you and why (issue 31). */
export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="What we keep about you, why, and what you can do about it."
      sections={[
        {
          title: 'What we keep',
          body: (
            <p>
              Your name, email and phone; your bookings, messages, reviews and saved venues; for payments, the
              card brand and its last four digits (never the full number). Hosts&apos; bank details are
              encrypted.
            </p>
          ),
        },
        {
          title: 'Who sees it',
          body: (
            <p>
              A venue&apos;s host sees the contact details you give on bookings of that venue. Reviews show
              your name. Nobody else sees your contact details.
            </p>
          ),
        },
        {
          title: 'Emails',
          body: (
            <p>
              Emails about your account, bookings and payments are always sent. Reminders, message notices and
              waitlist alerts can be switched off in <Link to="/account">Settings</Link>.
            </p>
          ),
        },
        {
          title: 'Your data, your choice',
          body: (
            <p>
              In <Link to="/account">Settings</Link> you can download your data as a file or delete your
              account. Deleting removes your name, email and phone; bookings stay on the venue&apos;s records
              without them, as hosts and accounting need.
            </p>
          ),
        },
      ]}
    />
  );
}
