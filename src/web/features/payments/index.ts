/**
 * Payments feature (issue 9): public surface. Dialogs are lazily loaded by the panels, so
 * importing from here never pulls the card forms or Stripe into a page's bundle.
 */
export { GuestPaymentPanel } from './GuestPaymentPanel';
export { HostPaymentPanel } from './HostPaymentPanel';
export { CancellationPolicyNote } from './CancellationPolicyNote';
export {
  CANCELLATION_POLICIES,
  CANCELLATION_POLICY_LABELS,
  CANCELLATION_POLICY_SUMMARIES,
  formatCents,
  policyOf,
} from './format';
export { paymentKeys, paymentsApi, useBankDetails, usePaymentResult, useTransactions } from './api';
export type { TransactionFilters } from './api';
export { formatDateTime } from './format';
export type * from '@/domain/contract/payments';
export { disputeKeys, disputesApi, invalidateDisputeViews, useAdminDisputes } from './disputes-api';
