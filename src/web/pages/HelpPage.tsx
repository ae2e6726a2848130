import { Link } from 'react-router';
import { LegalDocument } from '@/web/features/marketing';

/** /help: answers to the common questions and how to reach a person (issue 31). */
export default function HelpPage() {
  return (
    <LegalDocument
      title="Help & Contact"
      intro="Answers to common questions, and how to reach us."
      sections={[
        {
          title: 'Is my booking confirmed?',
          body: (
            <p>
              Not until the venue approves it. You will get an email either way, and the booking shows its
              status in <Link to="/user-dashboard">My Bookings</Link>.
            </p>
          ),
        },
        {
          title: 'When do I pay?',
          body: (
            <p>
              After the venue confirms. Your receipt, with the booking reference, is on the booking and can be
              downloaded as a PDF or printed.
            </p>
          ),
        },
        {
          title: 'Can I cancel?',
          body: <p>Yes, from the booking. The refund follows the venue&apos;s cancellation policy.</p>,
        },
        {
          title: 'Talking to the venue',
          body: <p>Every booking has a conversation with the venue&apos;s host: open it from the booking.</p>,
        },
        {
          title: 'Contact us',
          body: (
            <p>
              Write to the address in any email we sent you and we will answer within two working days. Your
              account settings are in <Link to="/account">Settings</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
