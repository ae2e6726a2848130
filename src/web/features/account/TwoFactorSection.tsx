/**
 * "Two-factor sign-in" on the settings page (issue 30, decision 76): the password, then the
 * authenticator app's secret (its otpauth link and the secret to type in) and the recovery
 * codes, then a first 6-digit code turns it on. When on: new recovery codes, or off, each with
 * the password. The server decides; this shows its answers.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import type { AccountSettings as Account, TwoFactorEnrolment } from '@/domain/contract';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/lib/toast';
import { accountApi, accountKey } from './data';
import { CurrentPasswordField, Section, fieldError } from './Section';

const DESCRIPTION =
  'After your password, sign-in asks for a 6-digit code from an authenticator app on your phone. Required to reveal bank details and for a host’s first additional charge.';

function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm">
        <strong>Recovery codes.</strong> Keep them somewhere safe: each signs you in once if you lose your
        phone. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md border border-border bg-muted/40 p-3 font-mono text-sm sm:max-w-md"
      >
        {codes.map((c) => (
          <li key={c} className="break-all">
            {c}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PasswordForm({
  id,
  label,
  pending,
  error,
  onSubmit,
  children,
}: {
  id: string;
  label: string;
  pending: boolean;
  error: ReturnType<typeof fieldError>;
  onSubmit: (password: string, action: string) => void;
  children: (password: string) => ReactNode;
}) {
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    onSubmit(password, submitter?.value ?? '');
  };
  return (
    <form className="grid gap-4 sm:max-w-md" onSubmit={submit} noValidate aria-busy={pending}>
      {error && error.field !== 'current_password' && (
        <p className="text-sm text-danger" role="alert">
          {error.message}
        </p>
      )}
      <CurrentPasswordField id={id} label={label} value={password} onChange={setPassword} error={error} />
      <div className="flex flex-wrap gap-2">{children(password)}</div>
    </form>
  );
}

function Enrol({ enrolment, onDone }: { enrolment: TwoFactorEnrolment; onDone: () => void }) {
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const confirm = useMutation({ mutationFn: accountApi.confirmTwoFactor });
  const error = fieldError(confirm.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate(code.trim(), {
      onSuccess: async () => {
        await client.invalidateQueries({ queryKey: accountKey });
        toast.success(
          'Two-factor sign-in is on',
          'Next time you sign in, have your authenticator app ready.',
        );
        onDone();
      },
    });
  };
  return (
    <div className="grid gap-5">
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>
          Add Velvet to your authenticator app:{' '}
          <a href={enrolment.totp_uri} className="font-medium text-accent-soft underline">
            open it in the app
          </a>{' '}
          on this phone, or type in this secret:
          <code
            aria-label="Secret"
            className="mt-1 block break-all rounded-md border border-border bg-muted/40 px-3 py-2 font-mono text-sm"
          >
            {enrolment.secret}
          </code>
        </li>
        <li>Save the recovery codes below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <RecoveryCodeList codes={enrolment.recovery_codes} />
      <form className="grid gap-4 sm:max-w-md" onSubmit={submit} noValidate>
        <FormField id="two_factor_code" label="6-digit code" error={error?.message}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={confirm.isPending || code.trim().length < 6}>
            {confirm.isPending ? 'Turning on...' : 'Turn On'}
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

export function TwoFactorSection({ account }: { account: Account }) {
  const client = useQueryClient();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useMutation({ mutationFn: accountApi.startTwoFactor });
  const disable = useMutation({ mutationFn: accountApi.disableTwoFactor });
  const renew = useMutation({ mutationFn: accountApi.newRecoveryCodes });

  if (!account.two_factor_enabled) {
    return (
      <Section id="two-factor" title="Two-factor sign-in" description={DESCRIPTION}>
        {enrolment ? (
          <Enrol enrolment={enrolment} onDone={() => setEnrolment(null)} />
        ) : (
          <PasswordForm
            id="two_factor_password"
            label="Current password"
            pending={start.isPending}
            error={fieldError(start.error)}
            onSubmit={(password) => start.mutate(password, { onSuccess: setEnrolment })}
          >
            {(password) => (
              <Button type="submit" disabled={start.isPending || !password}>
                {start.isPending ? 'Starting...' : 'Set Up Two-Factor Sign-In'}
              </Button>
            )}
          </PasswordForm>
        )}
      </Section>
    );
  }

  const pending = disable.isPending || renew.isPending;
  return (
    <Section id="two-factor" title="Two-factor sign-in" description={DESCRIPTION}>
      <div className="grid gap-5">
        <p className="flex items-center gap-2 text-sm font-medium text-success">
          <ShieldCheck aria-hidden="true" className="size-4" />
          Two-factor sign-in is on.
        </p>
        {codes && <RecoveryCodeList codes={codes} />}
        <PasswordForm
          id="two_factor_manage_password"
          label="Current password"
          pending={pending}
          error={fieldError(disable.error ?? renew.error)}
          onSubmit={(password, action) => {
            disable.reset();
            renew.reset();
            if (action === 'off') {
              disable.mutate(password, {
                onSuccess: async () => {
                  setCodes(null);
                  await client.invalidateQueries({ queryKey: accountKey });
                  toast.success('Two-factor sign-in is off');
                },
              });
            } else {
              renew.mutate(password, {
                onSuccess: (res) => {
                  setCodes(res.recovery_codes);
                  toast.success('New recovery codes', 'The old ones no longer work.');
                },
              });
            }
          }}
        >
          {(password) => (
            <>
              <Button type="submit" value="codes" variant="outline" disabled={pending || !password}>
                New Recovery Codes
              </Button>
              <Button type="submit" value="off" variant="destructive" disabled={pending || !password}>
                Turn Off
              </Button>
            </>
          )}
        </PasswordForm>
      </div>
    </Section>
  );
}
