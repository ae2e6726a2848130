/* Admin "Audit" tab (issue 30, decision 60): every entry of the audit trail. */
import { AuditTrail } from '@/web/components/AuditTrail';

export function AuditTab() {
  return (
    <AuditTrail
      id="admin-audit"
      title="Audit Trail"
      description="Every approval, refund, charge, bank-details reveal, moderation and role change, newest first. Entries cannot be changed or deleted."
      empty={{ title: 'No audit entries', description: 'Privileged actions will appear here.' }}
    />
  );
}
