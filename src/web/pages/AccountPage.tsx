import { Container } from '@/web/components/Container';
import { PageHeader } from '@/web/components/ui/page-header';
import { AccountSettings } from '@/web/features/account';

/** /account: the signed-in person's settings (issue 31). Opened from the account menu's "Settings". */
export default function AccountPage() {
  return (
    <Container className="max-w-3xl py-8 sm:py-12">
      <PageHeader title="Settings" description="Your profile, sign-in, emails and data." className="mb-6" />
      <AccountSettings />
    </Container>
  );
}
