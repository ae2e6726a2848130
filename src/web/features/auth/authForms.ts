/**
 * The sign-in and sign-up forms' validation (zod through react-hook-form's resolver). Its own
 * chunk: zod is ~38 KB gzipped, and a form needs it only when it is submitted, so AuthPortal
 * fetches this module right after the page has hydrated instead of before the page can be
 * used (docs/performance.md, 2026-11-28).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

const email = z.string().trim().min(1, 'Email is required').email('Enter a valid email address');
const password = z.string().min(1, 'Password is required');
const required = (message: string) => z.string().trim().min(1, message);

const signInSchema = z.object({ email, password });
const signUpFields = { full_name: required('Full name is required'), email, password };
// Guests have no business name or phone field; hosts must fill both in.
const guestSignUpSchema = z.object({ ...signUpFields, business_name: z.string(), phone: z.string() });
const hostSignUpSchema = z.object({
  ...signUpFields,
  business_name: required('Business name is required'),
  phone: required('Phone is required'),
});

export type SignInValues = z.infer<typeof signInSchema>;
export type SignUpValues = z.infer<typeof hostSignUpSchema>;

export const signInResolver = zodResolver(signInSchema);
export const guestSignUpResolver = zodResolver(guestSignUpSchema);
export const hostSignUpResolver = zodResolver(hostSignUpSchema);
