import type { Encoded, Receipt } from '@/domain/contract';
import { endpoint, json, media, pathId } from '../http/endpoint';
import { BOOKING_NOT_FOUND } from '../services/bookings';
import * as receipts from '../services/receipts';

const bookingId = { id: pathId(BOOKING_NOT_FOUND) };

/** Receipts (issue 31): a paid booking's, for its guest, its venue's host and the admin. */
export const RECEIPT_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: '/bookings/{id}/receipt',
    tag: 'Receipts',
    summary: 'The receipt of a paid booking (its guest, its host, the admin)',
    access: 'signed in',
    params: bookingId,
    ok: json('Receipt'),
    cache: 'private, no-store',
    handler: async ({ ctx, viewer, params }) =>
      (await receipts.getReceipt(ctx, viewer, params.id)) satisfies Encoded<Receipt>,
  }),
  endpoint({
    method: 'get',
    path: '/bookings/{id}/receipt.pdf',
    tag: 'Receipts',
    summary: 'The receipt of a paid booking as a PDF',
    access: 'signed in',
    params: bookingId,
    ok: media('application/pdf', 'The receipt, one page'),
    cache: 'private, no-store',
    handler: async ({ ctx, c, viewer, params }) => {
      const receipt = await receipts.getReceipt(ctx, viewer, params.id);
      const pdf = await receipts.receiptPdf(receipt);
      c.header('content-type', 'application/pdf');
      c.header(
        'content-disposition',
        `attachment; filename="${receipts.receiptFilename(receipt.booking_id)}"`,
      );
      return c.body(Buffer.from(pdf), 200);
    },
  }),
];
