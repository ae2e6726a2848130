import { toast as sonner, type ExternalToast } from 'sonner';
import { errorMessage } from './api';

/**
 * Toast conventions (SPEC §8): a title plus an optional description; error toasts use the
 * destructive style unless a call says otherwise. The <Toaster /> shows one at a time for 5 s.
 */
export type ToastVariant = 'default' | 'success' | 'info' | 'warning' | 'destructive';

export interface ToastInput extends Omit<ExternalToast, 'description'> {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

function show({ title, description, variant = 'default', ...rest }: ToastInput) {
  const data: ExternalToast = { description, ...rest };
  switch (variant) {
    case 'success':
      return sonner.success(title, data);
    case 'info':
      return sonner.info(title, data);
    case 'warning':
      return sonner.warning(title, data);
    case 'destructive':
      return sonner.error(title, data);
    default:
      return sonner(title, data);
  }
}

type Extra = Omit<ToastInput, 'title' | 'description' | 'variant'>;

export const toast = Object.assign(show, {
  success: (title: string, description?: string, extra?: Extra) =>
    show({ ...extra, title, description, variant: 'success' }),
  info: (title: string, description?: string, extra?: Extra) =>
    show({ ...extra, title, description, variant: 'info' }),
  warning: (title: string, description?: string, extra?: Extra) =>
    show({ ...extra, title, description, variant: 'warning' }),
  /** Destructive style by default. */
  error: (title: string, description?: string, extra?: Extra) =>
    show({ ...extra, title, description, variant: 'destructive' }),
  /** 'Error' toast with the server's message, or the fallback when the server gave none. */
  apiError: (error: unknown, fallback: string, title = 'Error', extra?: Extra) =>
    show({ ...extra, title, description: errorMessage(error, fallback), variant: 'destructive' }),
  dismiss: sonner.dismiss,
});
