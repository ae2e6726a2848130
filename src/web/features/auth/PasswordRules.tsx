import { Check, Circle } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@/domain/password';
import { cn } from '@/web/lib/utils';

const RULES = [
  {
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p: string) => [...p].length >= PASSWORD_MIN_LENGTH,
  },
  { label: 'At least one letter', test: (p: string) => /\p{L}/u.test(p) },
  { label: 'At least one number', test: (p: string) => /\p{Nd}/u.test(p) },
] as const;

/** Password rules hint under the sign-up password field; ticks rules off as the person types. */
export function PasswordRules({ password }: { password: string }) {
  return (
    <div>
      <ul className="grid gap-1 sm:grid-cols-3 sm:gap-2">
        {RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.label} className={cn('flex items-center gap-1.5', met && 'text-success')}>
              {met ? (
                <Check className="size-3.5 shrink-0" aria-hidden="true" />
              ) : (
                <Circle className="size-3 shrink-0" aria-hidden="true" />
              )}
              <span>
                {rule.label}
                <span className="sr-only">{met ? ' (met)' : ' (not met yet)'}</span>
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-1.5">Avoid common passwords and don&apos;t include your name or email.</p>
    </div>
  );
}
