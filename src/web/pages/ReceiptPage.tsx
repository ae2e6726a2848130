import { useParams } from 'react-router';
import { Container } from '@/web/components/Container';
import { PageHeader } from '@/web/components/ui/page-header';
import { ReceiptView } from '@/web/features/receipts';

/** /receipt/:bookingId: a paid booking's receipt, printable and as a PDF (issue 31). */
export default function ReceiptPage() {
  const { bookingId = '' } = useParams();
  return (
    <Container className="max-w-2xl py-8 sm:py-12">
      <PageHeader title="Receipt" className="mb-6 print:hidden" />
      <ReceiptView bookingId={bookingId} />
    </Container>
  );
}
