/** GET /api/bookings/:id/receipt (issue 31); built by src/domain/receipts.ts. */
export type { Receipt, ReceiptLine } from '../receipts';
