import { useSearchParams } from 'react-router';
import { ForgotPasswordForm } from '@/web/features/auth';

/** /forgot-password?portal=user|host: ask for a password reset link (issue 12, decision 20). */
export default function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  return <ForgotPasswordForm portal={searchParams.get('portal') === 'host' ? 'host' : 'user'} />;
}
