import { Link, useSearchParams } from 'react-router';
import { House, MailCheck, RefreshCw } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmailStatusCard, useResendConfirmation } from '@/web/features/auth';

/** /email-confirmation?email=…: shown to guests right after sign-up. */
export default function EmailConfirmationPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() ?? '';
  const resend = useResendConfirmation({
    title: 'Email Sent!',
    description: 'Confirmation email has been resent to your inbox.',
  });

  return (
    <>
      <EmailStatusCard
        icon={MailCheck}
        title="Check Your Email"
        actions={
          <>
            <Button
              variant="outline"
              disabled={!email || resend.isPending}
              onClick={() => resend.mutate(email)}
            >
              <RefreshCw className={resend.isPending ? 'animate-spin' : undefined} aria-hidden="true" />
              {resend.isPending ? 'Sending...' : 'Resend Confirmation Email'}
            </Button>
            <Button asChild>
              <Link to="/">
                <House aria-hidden="true" />
                Back to Home
              </Link>
            </Button>
          </>
        }
      >
        <p>
          We&apos;ve sent a confirmation link to{' '}
          <strong className="font-semibold text-foreground [overflow-wrap:anywhere]">
            {email || 'your email'}
          </strong>
          . Click the link in that email to activate your account.
        </p>
        <p className="text-sm">
          Can&apos;t find it? Check your spam or junk folder, or send the email again.
        </p>
      </EmailStatusCard>
    </>
  );
}
