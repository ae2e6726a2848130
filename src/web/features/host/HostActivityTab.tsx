/*
 * Host "Activity" tab (issue 30, decision 60): the audit trail's entries about the host's own
 * venues — who approved, rejected or edited them, refunds, cancellations, charges and disputes on
 * their bookings — whoever acted.
 */
import { AuditTrail } from '@/web/components/AuditTrail';

export function HostActivityTab() {
  return (
    <AuditTrail
      id="host-activity"
      title="Activity"
      description="What was done with your venues and their bookings, by you, the admin or Velvet itself, newest first. Entries cannot be changed or deleted."
      empty={{
        title: 'No activity yet',
        description:
          'Approvals and edits of your venues, and refunds, charges and cancellations on their bookings, will appear here.',
      }}
    />
  );
}
