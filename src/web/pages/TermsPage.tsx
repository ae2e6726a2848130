import { Link } from 'react-router';
import { LegalDocument } from '@/web/features/marketing';

/** /terms: the terms of using Velvet (issue 31; the Add Venue form's checkbox links here). */
export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms and Conditions"
      intro="The rules of booking and listing venues on Velvet."
      sections={[
        {
          title: '1. What Velvet is',
          body: (
            <p>
              Velvet is a marketplace where guests ask to book nightlife venues and hosts list them. A booking
              is a request: it is confirmed only when the venue approves it.
            </p>
          ),
        },
        {
          title: '2. Booking as a guest',
          body: (
            <>
              <p>
                You pay through Velvet once the venue confirms your request. Hourly venues are paid in full;
                for minimum-spend venues your card is kept on file and charged only if the minimum is not met.
              </p>
              <p>
                Cancellations are refunded under the venue&apos;s cancellation policy (flexible, moderate or
                strict), shown on the venue page and your receipt.
              </p>
            </>
          ),
        },
        {
          title: '3. Listing as a host',
          body: (
            <>
              <p>
                You must be authorised to list the venue and keep its details, hours and prices accurate.
                Velvet reviews every new venue before guests can see it.
              </p>
              <p>
                Venues are paid after the event is completed. Additional charges after an event must be made
                within the allowed window and with a stated reason.
              </p>
            </>
          ),
        },
        {
          title: '4. Your account',
          body: (
            <p>
              Keep your password to yourself. You can change your details, download your data or delete your
              account in <Link to="/account">Settings</Link>.
            </p>
          ),
        },
        {
          title: '5. Questions',
          body: (
            <p>
              See <Link to="/help">Help &amp; Contact</Link>. How we handle personal data is in the{' '}
              <Link to="/privacy">Privacy Policy</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
