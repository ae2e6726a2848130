/**
 * Receipts (issue 31): a paid booking's receipt, for its guest, its venue's host and the admin
 * (anyone else: 404, as for the booking). As JSON for the receipt page, and as a PDF drawn with
 * pdf-lib from the same rows (src/domain/receipts.ts), also attached to the payment email.
 */
import { asc, eq } from 'drizzle-orm';
import { notFound } from '@/domain/errors';
import { bookingReference, buildReceipt, type Receipt, type ReceiptSource } from '@/domain/receipts';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import type { DbOrTx } from '../../db/client';
import { payments, refunds } from '../../db/schema';
import type { MailAttachment } from '../../adapters/mail';
import { readableBooking } from '../bookings/shared';
import { receiptPdf } from './pdf';

export { receiptPdf };

export const NO_RECEIPT = 'There is no receipt for this booking: nothing has been paid for it yet.';

/** The receipt of a booking row already read (null when nothing was paid). */
export async function receiptOf(
  db: DbOrTx,
  row: Pick<ReceiptSource, 'booking' | 'venue' | 'guest'>,
  now: Date,
) {
  const paid = await db
    .select()
    .from(payments)
    .where(eq(payments.booking_id, row.booking.id))
    .orderBy(asc(payments.created_at));
  const refunded = await db
    .select()
    .from(refunds)
    .where(eq(refunds.booking_id, row.booking.id))
    .orderBy(asc(refunds.created_at));
  return buildReceipt({ ...row, payments: paid, refunds: refunded }, now);
}

export async function getReceipt(ctx: AppContext, viewer: Viewer, bookingId: string): Promise<Receipt> {
  const { row } = await readableBooking(ctx.db, viewer, bookingId);
  const receipt = await receiptOf(ctx.db, row, ctx.now());
  if (!receipt) throw notFound(NO_RECEIPT);
  return receipt;
}

/** The receipt's file name: 'velvet-receipt-VLV-3F6C2A10.pdf'. */
export const receiptFilename = (bookingId: string) => `velvet-receipt-${bookingReference(bookingId)}.pdf`;

/**
 * The receipt PDF as an email attachment, as it stands now in `db` (the payment's transaction),
 * or null when nothing was paid (decision 80).
 */
export async function receiptAttachment(
  db: DbOrTx,
  row: Pick<ReceiptSource, 'booking' | 'venue' | 'guest'>,
  now: Date,
): Promise<MailAttachment | null> {
  const receipt = await receiptOf(db, row, now);
  if (!receipt) return null;
  return {
    filename: receiptFilename(receipt.booking_id),
    contentType: 'application/pdf',
    content: await receiptPdf(receipt),
  };
}
