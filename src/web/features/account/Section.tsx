/**
 * What the settings page's sections share: the card of a section, the server's field errors, and
 * the current password every sensitive change asks for.
 */
import type { ReactNode } from 'react';
import { CardContent, CardDescription, CardHeader, Card } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { errorMessage } from '@/web/lib/api';
import { FieldError } from './data';

/** The server's field error, if the error names one. */
export function fieldError(error: unknown): { field?: string; message: string } | null {
  if (!error) return null;
  const field = error instanceof FieldError ? error.field : undefined;
  return { field, message: errorMessage(error, 'Something went wrong. Please try again.') };
}

export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card id={id} aria-labelledby={`${id}-title`}>
      <CardHeader>
        {/* A section of the page under its h1: an h2 with the card title's look. */}
        <h2 id={`${id}-title`} className="text-lg font-semibold leading-tight tracking-tight">
          {title}
        </h2>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The "Current password" field of a sensitive change, showing the server's error about it. */
export function CurrentPasswordField({
  id,
  label = 'Current password',
  value,
  onChange,
  error,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (value: string) => void;
  error: { field?: string; message: string } | null;
}) {
  return (
    <FormField id={id} label={label} error={error?.field === 'current_password' ? error.message : undefined}>
      <Input
        type="password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="current-password"
        required
      />
    </FormField>
  );
}
