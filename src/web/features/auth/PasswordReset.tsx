/**
 * Forgot password (issue 12, decision 20): asking for a reset link, and choosing the new
 * password from it. The request page says the same thing whatever the address, like the API.
 */
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Container } from '@/web/components/Container';
import { isApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import type { Portal } from '@/domain/contract';
import { accountsApi } from './data';
import { PasswordRules } from './PasswordRules';

const FALLBACK_ERROR = 'Something went wrong. Please try again.';

const signInPageOf = (portal: Portal) => (portal === 'host' ? '/host-auth' : '/user-auth');

function PageCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: typeof KeyRound;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Container className="flex justify-center py-12 sm:py-20">
      <Card className="w-full max-w-lg">
        <CardHeader className="items-center pb-4 text-center sm:px-8 sm:pt-8">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-accent/15 text-accent-soft">
            <Icon className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-4 font-display text-3xl font-semibold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="sm:px-8 sm:pb-8">{children}</CardContent>
      </Card>
    </Container>
  );
}

const emailSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').email('Enter a valid email address'),
});

/** /forgot-password?portal=user|host: asks for a reset link. */
export function ForgotPasswordForm({ portal }: { portal: Portal }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.infer<typeof emailSchema>>({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: '' },
  });
  const mutation = useMutation({
    mutationFn: (email: string) => accountsApi.forgotPassword(email),
    onSuccess: (_ok, email) => setSentTo(email),
    onError: (error) => toast.apiError(error, FALLBACK_ERROR),
  });
  const back = (
    <Button asChild variant="ghost" className="w-full">
      <Link to={signInPageOf(portal)}>
        <ArrowLeft aria-hidden="true" />
        Back to Sign In
      </Link>
    </Button>
  );

  if (sentTo) {
    return (
      <PageCard
        icon={MailCheck}
        title="Check Your Email"
        description="If an account uses this address, a reset link is on its way."
      >
        <div className="grid gap-4 text-center text-sm text-muted-foreground" role="status">
          <p>
            We sent a password reset link to{' '}
            <span className="break-all font-semibold text-foreground">{sentTo}</span> if it belongs to a
            Velvet account. The link works once and expires in 1 hour.
          </p>
          <p>Nothing arrived? Check your spam folder, or ask again in a few minutes.</p>
          {back}
        </div>
      </PageCard>
    );
  }

  const { errors } = form.formState;
  return (
    <PageCard
      icon={KeyRound}
      title="Forgot Password"
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <form
        method="post"
        noValidate
        className="grid gap-5"
        onSubmit={form.handleSubmit((values) => mutation.mutate(values.email.trim()))}
      >
        <FormField id="forgot-email" label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            required
            placeholder="you@example.com"
            {...form.register('email')}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
        {back}
      </form>
    </PageCard>
  );
}

const LINK_PROBLEMS = ['INVALID_TOKEN', 'TOKEN_USED', 'TOKEN_EXPIRED'];

const newPasswordSchema = z
  .object({
    password: z.string().min(1, 'Password is required'),
    confirm: z.string().min(1, 'Please repeat the new password'),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });

/** /reset-password?token&email: chooses the new password from the emailed link. */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const form = useForm<z.infer<typeof newPasswordSchema>>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const passwordValue = useWatch({ control: form.control, name: 'password' }) ?? '';
  const mutation = useMutation({
    mutationFn: (password: string) => accountsApi.resetPassword({ token, email, password }),
    onSuccess: ({ role }) => {
      toast.success('Password updated', 'Sign in with your new password. Every device was signed out.');
      navigate(role === 'host' ? '/host-auth' : '/user-auth', { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'WEAK_PASSWORD') {
        form.setError('password', { message: error.message });
        return;
      }
      // A used, expired or unknown link is explained on the page itself.
      if (isApiError(error) && LINK_PROBLEMS.includes(error.code)) return;
      toast.apiError(error, FALLBACK_ERROR);
    },
  });
  const linkProblem =
    isApiError(mutation.error) &&
    ['INVALID_TOKEN', 'TOKEN_USED', 'TOKEN_EXPIRED'].includes(mutation.error.code)
      ? mutation.error.message
      : !token || !email
        ? 'This password reset link is not valid. Request a new one.'
        : null;

  const { errors } = form.formState;
  return (
    <PageCard icon={KeyRound} title="Choose a New Password" description={`For ${email || 'your account'}`}>
      {linkProblem ? (
        <div className="grid gap-4 text-center">
          <p role="alert" className="text-sm text-danger">
            {linkProblem}
          </p>
          <Button asChild>
            <Link to="/forgot-password">Request a New Link</Link>
          </Button>
        </div>
      ) : (
        <form
          method="post"
          noValidate
          className="grid gap-5"
          onSubmit={form.handleSubmit((values) => mutation.mutate(values.password))}
        >
          <FormField
            id="reset-password"
            label="New Password"
            error={errors.password?.message}
            hint={<PasswordRules password={passwordValue} />}
          >
            <Input type="password" autoComplete="new-password" required {...form.register('password')} />
          </FormField>
          <FormField id="reset-confirm" label="Repeat New Password" error={errors.confirm?.message}>
            <Input type="password" autoComplete="new-password" required {...form.register('confirm')} />
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : 'Save New Password'}
          </Button>
        </form>
      )}
    </PageCard>
  );
}
