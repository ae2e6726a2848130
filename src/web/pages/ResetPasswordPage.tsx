import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '@/web/features/auth';

/** /reset-password?token&email: the emailed link; choose a new password (issue 12, decision 20). */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <ResetPasswordForm
        token={searchParams.get('token')?.trim() ?? ''}
        email={searchParams.get('email')?.trim() ?? ''}
      />
    </>
  );
}
