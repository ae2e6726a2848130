import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, CircleX, House, LoaderCircle, LogIn, MailCheck, RefreshCw } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { pageTitle } from '@/domain/pages';
import { accountsApi, EmailStatusCard, useResendConfirmation } from '@/web/features/auth';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { RETURN_PARAM, withReturnPath } from '@/domain/return-path';

const INVALID_LINK = 'Invalid confirmation link';
const CONFIRM_FAILED = 'Failed to confirm email. Please try again.';
const REDIRECT_DELAY_MS = 2000;

/** /confirm-email?token&email&role: confirms the address from the sign-up link. */
export default function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token')?.trim() ?? '';
  const email = searchParams.get('email')?.trim() ?? '';
  const roleParam = searchParams.get('role');

  const confirm = useMutation({
    mutationFn: () => accountsApi.confirm({ token, email }),
    onError: (error) => toast.error('Confirmation Failed', errorMessage(error, CONFIRM_FAILED)),
  });
  const resend = useResendConfirmation({
    title: 'Email Sent',
    description: 'A new confirmation email has been sent to your email address.',
  });

  const canConfirm = Boolean(token && email);
  // Right after host sign-up there is no token yet: show "check your email".
  const awaitingEmail = !token && Boolean(email) && roleParam === 'host';

  // Confirm once per link, even when StrictMode runs effects twice.
  const startedFor = useRef<string | null>(null);
  const { mutate } = confirm;
  useEffect(() => {
    if (!canConfirm) return;
    const key = `${token}|${email}`;
    if (startedFor.current === key) return;
    startedFor.current = key;
    mutate();
  }, [canConfirm, token, email, mutate]);

  const confirmedRole = confirm.data?.role;
  // The sign-in page, carrying the page the person was on before signing up (issue 12).
  const signInPath = withReturnPath(
    (roleParam ?? confirmedRole) === 'host' ? '/host-auth' : '/user-auth',
    searchParams.get(RETURN_PARAM),
  );

  useEffect(() => {
    if (!confirm.isSuccess) return;
    const timer = window.setTimeout(() => navigate(signInPath, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [confirm.isSuccess, navigate, signInPath]);

  const resendButton = (
    <Button variant="outline" disabled={!email || resend.isPending} onClick={() => resend.mutate(email)}>
      <RefreshCw className={resend.isPending ? 'animate-spin' : undefined} aria-hidden="true" />
      {resend.isPending ? 'Sending...' : 'Resend Confirmation Email'}
    </Button>
  );
  const homeButton = (
    <Button asChild variant={awaitingEmail ? 'default' : 'ghost'}>
      <Link to="/">
        <House aria-hidden="true" />
        Back to Home
      </Link>
    </Button>
  );

  if (awaitingEmail) {
    return (
      <>
        <title>{pageTitle('Check Your Email')}</title>
        <EmailStatusCard
          icon={MailCheck}
          title="Check Your Email"
          actions={
            <>
              {resendButton}
              {homeButton}
            </>
          }
        >
          <p>
            We&apos;ve sent a confirmation link to{' '}
            <strong className="font-semibold text-foreground [overflow-wrap:anywhere]">{email}</strong>.
            Confirm your address, then sign in to your host dashboard.
          </p>
          <p className="text-sm">
            Can&apos;t find it? Check your spam or junk folder, or send the email again.
          </p>
        </EmailStatusCard>
      </>
    );
  }

  if (!canConfirm || confirm.isError) {
    const message = canConfirm ? errorMessage(confirm.error, CONFIRM_FAILED) : INVALID_LINK;
    return (
      <>
        <title>{pageTitle('Confirmation Failed')}</title>
        <EmailStatusCard
          icon={CircleX}
          tone="danger"
          title="Confirmation Failed"
          actions={
            <>
              {resendButton}
              {homeButton}
            </>
          }
        >
          <p role="alert" className="text-foreground">
            {message}
          </p>
          {email ? (
            <p className="text-sm">You can request a new confirmation email for {email}.</p>
          ) : (
            <p className="text-sm">Open the link from your confirmation email again, or sign up once more.</p>
          )}
        </EmailStatusCard>
      </>
    );
  }

  if (confirm.isSuccess) {
    return (
      <>
        <title>{pageTitle('Email Confirmed')}</title>
        <EmailStatusCard
          icon={CircleCheck}
          tone="success"
          title="Email Confirmed!"
          actions={
            <Button asChild>
              <Link to={signInPath} replace>
                <LogIn aria-hidden="true" />
                Go to Sign In
              </Link>
            </Button>
          }
        >
          <p role="status">Your email address has been confirmed. Taking you to sign in…</p>
        </EmailStatusCard>
      </>
    );
  }

  return (
    <>
      <title>{pageTitle('Confirming Email')}</title>
      <EmailStatusCard icon={LoaderCircle} title="Confirming Email..." busy>
        <p>Please wait while we confirm {email}.</p>
      </EmailStatusCard>
    </>
  );
}
