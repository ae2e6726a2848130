/*
 * The sign-in and sign-up portal of /user-auth and /host-auth (SPEC §2): a Sign In and a Sign Up
 * tab, the host portal's own wording, and the return to the page that sent the visitor here.
 * Longer than 300 lines: both forms share the portal's state (tab, role, return path).
 */
import { useEffect, useState, type ComponentType } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { Container } from '@/web/components/Container';
import { toast } from '@/web/lib/toast';
import { isApiError } from '@/web/lib/api';
import { lazyResolver } from '@/web/lib/lazyResolver';
import { accountsApi } from './data';
import { returnPathFrom } from './guards';
import { RETURN_PARAM, withReturnPath } from '@/domain/return-path';
import { dashboardPathFor } from './roles';
import { useAuth } from './useAuth';
import type { SignInValues, SignUpValues } from './authForms';
import { PasswordRules } from './PasswordRules';
import type { Portal, SignInResult } from '@/domain/contract';

type IconType = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

export interface AuthPortalConfig {
  portal: Portal;
  title: string;
  description: string;
  switchPrompt: string;
  switchLabel: string;
  switchTo: string;
  marketing: {
    eyebrow: string;
    heading: string;
    text: string;
    features: { icon: IconType; title: string; text: string }[];
  };
}

const FALLBACK_ERROR = 'Something went wrong. Please try again.';

// The forms' zod schemas are their own chunk (authForms.ts).
const loadForms = () => import('./authForms');
const signInResolver = lazyResolver<SignInValues>(() => loadForms().then((f) => f.signInResolver));
const guestSignUpResolver = lazyResolver<SignUpValues>(() => loadForms().then((f) => f.guestSignUpResolver));
const hostSignUpResolver = lazyResolver<SignUpValues>(() => loadForms().then((f) => f.hostSignUpResolver));

/** What a completed sign-in does: welcome, then the return path or the role's dashboard. */
function useSignedIn(portal: Portal) {
  const navigate = useNavigate();
  const location = useLocation();
  const { refresh } = useAuth();
  return async ({ profile, role_updated }: SignInResult) => {
    await refresh();
    if (portal === 'host') {
      toast.success('Welcome back!', 'Successfully signed in to your host dashboard.');
      if (role_updated) toast.success('Account Updated!', 'Your account now has host access.');
    } else {
      toast.success('Welcome back!', 'Successfully signed in.');
    }
    navigate(returnPathFrom(location.search) ?? dashboardPathFor(profile?.role ?? 'user'), { replace: true });
  };
}

/**
 * The second step of a sign-in with two-factor on (decision 76): a code from the authenticator
 * app, or one of the recovery codes. An expired step goes back to the password.
 */
function TwoFactorStep({ portal, onRestart }: { portal: Portal; onRestart: () => void }) {
  const signedIn = useSignedIn(portal);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const mutation = useMutation({
    mutationFn: () =>
      accountsApi.signInTwoFactor({ method: recovery ? 'recovery' : 'totp', code: code.trim(), portal }),
    onSuccess: signedIn,
    onError: (error) => {
      if (isApiError(error) && error.code === 'TWO_FACTOR_EXPIRED') {
        toast.apiError(error, FALLBACK_ERROR);
        onRestart();
      }
    },
  });
  const id = `${portal}-signin-code`;
  const message = mutation.error
    ? isApiError(mutation.error)
      ? mutation.error.message
      : FALLBACK_ERROR
    : undefined;
  return (
    <form
      method="post"
      noValidate
      className="grid gap-5"
      aria-label="Two-factor sign-in"
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate();
      }}
    >
      <p className="text-sm text-muted-foreground">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <FormField id={id} label={recovery ? 'Recovery code' : '6-digit code'} error={message}>
        <Input
          key={recovery ? 'recovery' : 'totp'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          autoFocus
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending || !code.trim()}>
        {mutation.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="rounded font-medium text-accent-soft hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            mutation.reset();
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className="rounded text-muted-foreground hover:underline" onClick={onRestart}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}

function SignInForm({ portal }: { portal: Portal }) {
  const navigate = useNavigate();
  const signedIn = useSignedIn(portal);
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm<SignInValues>({
    resolver: signInResolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: (values: SignInValues) => accountsApi.signIn({ ...values, portal }),
    onSuccess: async (result) => {
      if (result.two_factor_required) {
        setNeedsCode(true);
        return;
      }
      await signedIn(result);
    },
    onError: (error, values) => {
      if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
        toast.apiError(error, FALLBACK_ERROR, 'Error', {
          action: {
            label: 'Resend email',
            onClick: () => navigate(`/email-confirmation?email=${encodeURIComponent(values.email.trim())}`),
          },
        });
        return;
      }
      toast.apiError(error, FALLBACK_ERROR);
    },
  });

  if (needsCode)
    return (
      <TwoFactorStep
        portal={portal}
        onRestart={() => {
          setNeedsCode(false);
          form.setValue('password', '');
        }}
      />
    );

  const id = (name: string) => `${portal}-signin-${name}`;
  return (
    <form
      method="post"
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => mutation.mutate({ ...values, email: values.email.trim() }))}
    >
      <FormField id={id('email')} label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          {...form.register('email')}
        />
      </FormField>
      <FormField id={id('password')} label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" required {...form.register('password')} />
      </FormField>
      <p className="-mt-2 text-right text-sm">
        <Link
          to={`/forgot-password?portal=${portal}`}
          className="rounded font-medium text-accent-soft hover:underline"
        >
          Forgot password?
        </Link>
      </p>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}

function SignUpForm({ portal }: { portal: Portal }) {
  const navigate = useNavigate();
  const location = useLocation();
  const redirect = returnPathFrom(location.search);
  const isHost = portal === 'host';
  const form = useForm<SignUpValues>({
    resolver: isHost ? hostSignUpResolver : guestSignUpResolver,
    defaultValues: { full_name: '', email: '', password: '', business_name: '', phone: '' },
  });
  const { errors } = form.formState;
  const passwordValue = useWatch({ control: form.control, name: 'password' }) ?? '';

  const mutation = useMutation({
    mutationFn: (values: SignUpValues) =>
      accountsApi.signUp({
        email: values.email.trim(),
        password: values.password,
        full_name: values.full_name.trim(),
        role: portal,
        ...(redirect ? { redirect } : {}),
        ...(isHost ? { business_name: values.business_name.trim(), phone: values.phone.trim() } : {}),
      }),
    onSuccess: (result, values) => {
      const address = encodeURIComponent(result?.email ?? values.email.trim());
      if (isHost) {
        toast.success(
          'Host account created!',
          'Please check your email to confirm your account before signing in.',
        );
        navigate(`/confirm-email?email=${address}&role=host`);
      } else {
        toast.success('Account created!', 'Please check your email to verify your account.');
        navigate(`/email-confirmation?email=${address}`);
      }
    },
    onError: (error) => toast.apiError(error, FALLBACK_ERROR),
  });

  const id = (name: string) => `${portal}-signup-${name}`;
  return (
    <form
      method="post"
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
    >
      <FormField id={id('full-name')} label="Full Name" error={errors.full_name?.message}>
        <Input autoComplete="name" required {...form.register('full_name')} />
      </FormField>
      {isHost && (
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={id('business-name')} label="Business Name" error={errors.business_name?.message}>
            <Input autoComplete="organization" required {...form.register('business_name')} />
          </FormField>
          <FormField id={id('phone')} label="Phone" error={errors.phone?.message}>
            <Input type="tel" autoComplete="tel" required {...form.register('phone')} />
          </FormField>
        </div>
      )}
      <FormField id={id('email')} label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          {...form.register('email')}
        />
      </FormField>
      <FormField
        id={id('password')}
        label="Password"
        error={errors.password?.message}
        hint={<PasswordRules password={passwordValue} />}
      >
        <Input type="password" autoComplete="new-password" required {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating Account...' : isHost ? 'Create Host Account' : 'Create Account'}
      </Button>
    </form>
  );
}

function MarketingPanel({ marketing }: { marketing: AuthPortalConfig['marketing'] }) {
  return (
    <aside
      aria-label="Why Velvet"
      className="relative hidden overflow-hidden rounded-3xl border border-border bg-surface/60 p-10 lg:flex lg:flex-col lg:justify-center"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-32 -top-32 size-[26rem] glow-fuchsia"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-36 -left-24 size-[26rem] glow-purple-soft"
      />
      <p className="relative text-xs font-semibold uppercase tracking-[0.18em] text-accent-soft">
        {marketing.eyebrow}
      </p>
      <h2 className="relative mt-3 font-display text-4xl font-semibold leading-tight tracking-tight">
        {marketing.heading}
      </h2>
      <p className="relative mt-4 max-w-md text-muted-foreground">{marketing.text}</p>
      <ul className="relative mt-10 grid gap-6">
        {marketing.features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent-soft">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** Sign In / Sign Up page shared by the guest (/user-auth, /auth) and host (/host-auth) portals. */
export function AuthPortal({ config }: { config: AuthPortalConfig }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // Switching portals keeps the way back.
  const switchTo = withReturnPath(config.switchTo, searchParams.get(RETURN_PARAM));
  const initial = searchParams.get('tab') === 'signup' ? 'signup' : 'signin';
  const [tab, setTab] = useState(initial);
  // The forms' validation arrives once the page is usable, well before anyone can submit.
  useEffect(() => {
    void loadForms();
  }, []);

  const onTabChange = (value: string) => {
    setTab(value);
    const next = new URLSearchParams(searchParams);
    if (value === 'signup') next.set('tab', 'signup');
    else next.delete('tab');
    setSearchParams(next, { replace: true });
  };

  return (
    <Container className="py-10 sm:py-14 lg:py-16">
      <div className="grid items-stretch gap-10 lg:grid-cols-2 lg:gap-12">
        <MarketingPanel marketing={config.marketing} />
        <div className="mx-auto flex w-full max-w-md flex-col justify-center lg:max-w-lg">
          <Card>
            <CardHeader className="pb-4 text-center sm:px-8 sm:pt-8">
              <h1 className="font-display text-3xl font-semibold tracking-tight">{config.title}</h1>
              <CardDescription>{config.description}</CardDescription>
            </CardHeader>
            <CardContent className="sm:px-8 sm:pb-8">
              <Tabs value={tab} onValueChange={onTabChange}>
                <TabsList className="grid w-full grid-cols-2">
                  <TabsTrigger value="signin">Sign In</TabsTrigger>
                  <TabsTrigger value="signup">Sign Up</TabsTrigger>
                </TabsList>
                <TabsContent value="signin">
                  <SignInForm portal={config.portal} />
                </TabsContent>
                <TabsContent value="signup">
                  <SignUpForm portal={config.portal} />
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            {config.switchPrompt}{' '}
            <Link
              to={switchTo}
              className="inline-flex items-center gap-1 rounded font-semibold text-accent-soft hover:underline"
            >
              {config.switchLabel}
              <ArrowRight className="size-3.5" aria-hidden="true" />
            </Link>
          </p>
        </div>
      </div>
    </Container>
  );
}
