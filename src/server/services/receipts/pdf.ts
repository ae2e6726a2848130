/** A receipt as a one-page PDF (pdf-lib, standard Helvetica: nothing loaded from outside). */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { receiptRows, type Receipt } from '@/domain/receipts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

/** Text the standard font can draw: characters outside its set become '?' (never a thrown error). */
function drawable(font: PDFFont, text: string) {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/[\u2013\u2014]/g, '-')]
    .map((ch) => (known.has(ch.codePointAt(0)!) ? ch : '?'))
    .join('');
}

export async function receiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Velvet receipt ${receipt.reference}`);
  doc.setAuthor('Velvet');
  doc.setCreationDate(new Date(receipt.issued_at));
  const page = doc.addPage(A4);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;
  const text = (s: string, x: number, size: number, font = regular) =>
    page.drawText(drawable(font, s), { x, y, size, font, color: rgb(0.1, 0.1, 0.12) });
  const right = (s: string, size: number, font = regular) => {
    const t = drawable(font, s);
    page.drawText(t, { x: MARGIN + width - font.widthOfTextAtSize(t, size), y, size, font });
  };
  /** Cuts a label to the width left of the amounts. */
  const fit = (s: string, size: number, max: number) => {
    let t = drawable(regular, s);
    while (t.length > 1 && regular.widthOfTextAtSize(t, size) > max)
      t = `${t.slice(0, -2)}…`.replace('…', '.');
    return t;
  };
  const rule = () => {
    page.drawLine({
      start: { x: MARGIN, y: y + 6 },
      end: { x: MARGIN + width, y: y + 6 },
      thickness: 0.5,
      color: rgb(0.75, 0.75, 0.78),
    });
  };

  text('Velvet', MARGIN, 22, bold);
  right('Receipt', 22, bold);
  y -= 20;
  text(`Issued ${receipt.issued_at.slice(0, 10)}`, MARGIN, 10);
  y -= 34;

  const rows = receiptRows(receipt);
  for (const [label, value] of rows.details) {
    text(label, MARGIN, 11, bold);
    text(fit(value, 11, width - 150), MARGIN + 150, 11);
    y -= 18;
  }
  y -= 14;
  rule();
  text('Item', MARGIN, 11, bold);
  right('Amount', 11, bold);
  y -= 20;
  for (const [label, amount] of rows.lines) {
    text(fit(label, 11, width - 110), MARGIN, 11);
    right(amount, 11);
    y -= 18;
  }
  y -= 6;
  rule();
  for (const [label, amount] of rows.totals) {
    text(label, MARGIN, 12, bold);
    right(amount, 12, bold);
    y -= 20;
  }
  y -= 20;
  text('Thank you for booking with Velvet. Keep this receipt for your records.', MARGIN, 9);
  return doc.save();
}
