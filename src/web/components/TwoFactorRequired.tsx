/**
 * The server's 403 that asks for two-factor sign-in first (decision 76: revealing bank details,
 * a host's first additional charge): its message, with a link to the account page's section.
 */
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { isApiError } from '@/web/lib/api';
import { TWO_FACTOR_REQUIRED } from '@/domain/two-factor';

/** The error's message when it is that refusal, else null. */
export function twoFactorRequiredMessage(error: unknown): string | null {
  return isApiError(error) && error.code === TWO_FACTOR_REQUIRED ? error.message : null;
}

export function TwoFactorRequired({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0">
        {message}{' '}
        <Link to="/account#two-factor" className="font-medium text-accent-soft underline">
          Open account settings
        </Link>
      </p>
    </div>
  );
}
