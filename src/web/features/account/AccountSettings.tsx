/**
 * The settings page's sections (issue 31): profile, email, password, email preferences, download
 * my data, delete my account. The server decides every rule; field errors from it are shown at
 * the field as well as in a toast.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import type { AccountSettings as Account } from '@/domain/contract';
import { EMAIL_PREFERENCES, TRANSACTIONAL_NOTE, type EmailPreferenceKind } from '@/domain/email-preferences';
import { passwordProblems } from '@/domain/password';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useAuth } from '@/web/features/auth';
import { accountApi, accountKey, useAccount, useAccountWrite } from './data';
import { CurrentPasswordField, Section, fieldError } from './Section';
import { TwoFactorSection } from './TwoFactorSection';

function ProfileSection({ account }: { account: Account }) {
  const { refresh } = useAuth();
  const [name, setName] = useState(account.full_name ?? '');
  const [phone, setPhone] = useState(account.phone ?? '');
  const [business, setBusiness] = useState(account.business_name ?? '');
  const save = useAccountWrite(accountApi.update);
  const error = fieldError(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { full_name: name, phone, ...(account.role === 'host' ? { business_name: business } : {}) },
      {
        onSuccess: () => {
          toast.success('Profile saved');
          void refresh();
        },
        onError: (err) => toast.apiError(err, 'Could not save your profile.'),
      },
    );
  };
  return (
    <Section
      id="profile"
      title="Profile"
      description="Your name and phone, as venues see them on your bookings."
    >
      <form className="grid gap-4 sm:max-w-md" onSubmit={submit} noValidate>
        <FormField
          id="full_name"
          label="Full name"
          error={error?.field === 'full_name' ? error.message : undefined}
        >
          <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" required />
        </FormField>
        <FormField
          id="phone"
          label="Phone (optional)"
          error={error?.field === 'phone' ? error.message : undefined}
        >
          <Input
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            autoComplete="tel"
            inputMode="tel"
          />
        </FormField>
        {account.role === 'host' && (
          <FormField
            id="business_name"
            label="Business name"
            error={error?.field === 'business_name' ? error.message : undefined}
          >
            <Input
              value={business}
              onChange={(e) => setBusiness(e.target.value)}
              autoComplete="organization"
            />
          </FormField>
        )}
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function EmailSection({ account }: { account: Account }) {
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useMutation({ mutationFn: accountApi.changeEmail });
  const error = fieldError(change.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate(
      { email, current_password: password },
      {
        onSuccess: (res) => {
          toast.success(
            'Check your inbox',
            `We sent a link to ${res.email}. Your address changes when you open it.`,
          );
          setPassword('');
          void client.invalidateQueries({ queryKey: accountKey });
        },
        onError: (err) => toast.apiError(err, 'Could not start the email change.'),
      },
    );
  };
  if (account.role === 'admin') {
    return (
      <Section id="email" title="Email">
        <p className="text-sm">
          Your address is <strong>{account.email}</strong>. The admin&apos;s address is set in the
          server&apos;s configuration (ADMIN_EMAIL).
        </p>
      </Section>
    );
  }
  return (
    <Section
      id="email"
      title="Email"
      description={
        <>
          You sign in with <strong>{account.email}</strong>. A new address is used once you open the link we
          send to it.
        </>
      }
    >
      {account.pending_email && (
        <p className="mb-4 rounded-md border border-border bg-muted/40 p-3 text-sm" role="status">
          Waiting for you to open the link sent to <strong>{account.pending_email.email}</strong>.
        </p>
      )}
      <form className="grid gap-4 sm:max-w-md" onSubmit={submit} noValidate>
        <FormField
          id="new_email"
          label="New email"
          error={error?.field === 'email' ? error.message : undefined}
        >
          <Input
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            required
          />
        </FormField>
        <CurrentPasswordField
          id="email_current_password"
          value={password}
          onChange={setPassword}
          error={error}
        />
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Sending...' : 'Send Confirmation Link'}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function PasswordSection({ account }: { account: Account }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useMutation({ mutationFn: accountApi.changePassword });
  const error = fieldError(change.error);
  // The same rules as the server (src/domain/password.ts), common passwords included.
  const problems = next ? passwordProblems(next, { email: account.email, name: account.full_name }) : [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: (res) => {
          toast.success(
            'Password changed',
            res.ended_other_sessions > 0
              ? `Your other devices (${res.ended_other_sessions}) were signed out.`
              : 'This device stays signed in.',
          );
          setCurrent('');
          setNext('');
        },
        onError: (err) => toast.apiError(err, 'Could not change your password.'),
      },
    );
  };
  return (
    <Section id="password" title="Password" description="Changing it signs out every other device.">
      <form className="grid gap-4 sm:max-w-md" onSubmit={submit} noValidate>
        <CurrentPasswordField id="current_password" value={current} onChange={setCurrent} error={error} />
        <FormField
          id="new_password"
          label="New password"
          error={error?.field === 'new_password' ? error.message : undefined}
          hint={
            problems.length > 0 ? (
              <ul className="list-disc pl-4">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : next ? (
              <span className="text-success">This password meets every rule.</span>
            ) : (
              'At least 8 characters with a letter and a number; not a common password, your name or your email.'
            )
          }
        >
          <Input
            type="password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
            autoComplete="new-password"
            required
          />
        </FormField>
        <div>
          <Button type="submit" disabled={change.isPending || !current || problems.length > 0 || !next}>
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function PreferencesSection({ account }: { account: Account }) {
  const save = useAccountWrite(accountApi.preferences);
  const toggle = (kind: EmailPreferenceKind, on: boolean) =>
    save.mutate(
      { [kind]: on },
      { onError: (err) => toast.apiError(err, 'Could not save your email preferences.') },
    );
  return (
    <Section id="email-preferences" title="Email preferences" description={TRANSACTIONAL_NOTE}>
      <ul className="grid gap-4">
        {EMAIL_PREFERENCES.map((p) => (
          <li key={p.kind} className="flex items-start gap-3">
            <Checkbox
              id={`pref-${p.kind}`}
              checked={account.email_preferences[p.kind]}
              disabled={save.isPending}
              onCheckedChange={(v) => toggle(p.kind, v === true)}
              aria-describedby={`pref-${p.kind}-text`}
            />
            <div className="grid gap-0.5">
              <Label htmlFor={`pref-${p.kind}`}>{p.label}</Label>
              <p id={`pref-${p.kind}-text`} className="text-sm text-muted-foreground">
                {p.description}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function DataSection() {
  return (
    <Section
      id="my-data"
      title="Download my data"
      description="A JSON file of your account, bookings, payments, reviews, messages and saved venues."
    >
      <Button asChild variant="outline">
        <a href="/api/account/export" download="velvet-my-data.json">
          <Download aria-hidden="true" />
          Download My Data
        </a>
      </Button>
    </Section>
  );
}

function DeleteSection({ account }: { account: Account }) {
  const { signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useMutation({ mutationFn: accountApi.remove });
  const error = fieldError(remove.error);
  if (account.role === 'admin') return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    remove.mutate(password, {
      onSuccess: () => {
        toast.success('Account deleted', 'Your account was deleted and every device signed out.');
        void signOut();
      },
      onError: (err) => toast.apiError(err, 'Could not delete your account.'),
    });
  };
  return (
    <Section
      id="delete-account"
      title="Delete my account"
      description="Your name, email and phone are removed and you are signed out everywhere. Past bookings stay on the venues' records without your details. Not possible while a booking is coming up."
    >
      {!open ? (
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          Delete My Account
        </Button>
      ) : (
        <form className="grid gap-4 sm:max-w-md" onSubmit={submit} noValidate>
          <p className="text-sm font-medium">
            Are you sure? This cannot be undone. Enter your password to confirm.
          </p>
          {error && !error.field && (
            <p className="text-sm text-danger" role="alert">
              {error.message}
            </p>
          )}
          <CurrentPasswordField id="delete_password" value={password} onChange={setPassword} error={error} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" disabled={remove.isPending || !password}>
              {remove.isPending ? 'Deleting...' : 'Delete Forever'}
            </Button>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Keep My Account
            </Button>
          </div>
        </form>
      )}
    </Section>
  );
}

/** Opens the email change link (?email_change=token) once, then drops it from the address. */
function useEmailChangeLink() {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const { refresh } = useAuth();
  const token = params.get('email_change');
  const done = useRef(false);
  useEffect(() => {
    if (!token || done.current) return;
    done.current = true;
    accountApi
      .confirmEmail(token)
      .then((res) => {
        toast.success('Email changed', `Your account now uses ${res.email}.`);
        void client.invalidateQueries({ queryKey: accountKey });
        void refresh();
      })
      .catch((err) => toast.apiError(err, 'This email change link is not valid.', 'Email not changed'))
      .finally(() => {
        const next = new URLSearchParams(params);
        next.delete('email_change');
        setParams(next, { replace: true });
      });
  }, [token, params, setParams, client, refresh]);
}

export function AccountSettings() {
  useEmailChangeLink();
  const account = useAccount();
  if (account.isPending) return <p className="text-muted-foreground">Loading your account...</p>;
  if (account.isError || !account.data)
    return <p className="text-danger">{errorMessage(account.error, 'Could not load your account.')}</p>;
  const a = account.data;
  return (
    <div className="grid gap-6">
      <ProfileSection key={`profile-${a.id}`} account={a} />
      <EmailSection account={a} />
      <PasswordSection account={a} />
      <TwoFactorSection account={a} />
      <PreferencesSection account={a} />
      <DataSection />
      <DeleteSection account={a} />
    </div>
  );
}
