import type { ExternalToast } from 'sonner';
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

/**
 * sonner (~9 KB gzipped) loads with the first toast or with the app's <Toaster />, whichever
 * comes first — never before a page can paint (docs/performance.md, 2026-11-28). The app's
 * Toaster is lazy too, so a toast shows as soon as both are here.
 */
const sonner = () => import('sonner').then((m) => m.toast);

function show({ title, description, variant = 'default', ...rest }: ToastInput): void {
  const data: ExternalToast = { description, ...rest };
  void sonner().then((toast) => {
    switch (variant) {
      case 'success':
        return toast.success(title, data);
      case 'info':
        return toast.info(title, data);
      case 'warning':
        return toast.warning(title, data);
      case 'destructive':
        return toast.error(title, data);
      default:
        return toast(title, data);
    }
  });
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
  dismiss: (id?: string | number): void => void sonner().then((toast) => toast.dismiss(id)),
});
