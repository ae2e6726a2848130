import { useMutation } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import { accountsApi } from './data';

/** "Sign out of every other device" (SPEC §8 sign-out scope 'others'): this device stays signed in. */
export function useSignOutOtherDevices() {
  return useMutation({
    mutationFn: () => accountsApi.signOut('others'),
    onSuccess: ({ ended_other_sessions: n }) =>
      toast.success(
        'Signed out of other devices',
        n === 0
          ? 'No other device was signed in.'
          : `${n} other ${n === 1 ? 'device was' : 'devices were'} signed out. This one stays signed in.`,
      ),
    onError: (error) => toast.apiError(error, 'Could not sign out the other devices. Please try again.'),
  });
}
