import * as React from 'react';
import { cn } from '@/web/lib/utils';
import { Label } from './label';

export interface FormFieldProps {
  /** Id of the control; the label points at it and error/hint texts are tied to it. */
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  /**
   * The control. When it is a single element it receives aria-invalid and aria-describedby
   * automatically.
   */
  children: React.ReactElement<React.HTMLAttributes<HTMLElement> & { id?: string }>;
}

export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const control = React.cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  });
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {control}
      {error && (
        <p id={errorId} className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
      {hint && (
        <div id={hintId} className="text-xs leading-relaxed text-muted-foreground">
          {hint}
        </div>
      )}
    </div>
  );
}
