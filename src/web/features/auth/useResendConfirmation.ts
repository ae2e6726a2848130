import { useMutation } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import { accountsApi } from './data';

const RESEND_FAILED = 'Failed to resend confirmation email. Please try again.';

/** Resend the sign-up confirmation email, with the page's own success toast texts. */
export function useResendConfirmation(success: { title: string; description: string }) {
  return useMutation({
    mutationFn: (email: string) => accountsApi.resendConfirmation(email),
    onSuccess: () => toast.success(success.title, success.description),
    onError: (error) => toast.apiError(error, RESEND_FAILED),
  });
}
