import { useFormContext } from 'react-hook-form';
import { Landmark, Lock } from 'lucide-react';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { FormSection } from './FormSection';
import { fieldId, type VenueFormValues } from './venueForm';

/** Payout details: only the owner and the admin ever read them back. */
export function PaymentSection() {
  const {
    register,
    formState: { errors },
  } = useFormContext<VenueFormValues>();
  return (
    <FormSection
      id="payment"
      title="Payment & Financial Information"
      icon={Landmark}
      description={
        <>
          <Lock className="mr-1.5 inline size-3.5 align-[-2px]" aria-hidden="true" />
          Used for payouts after events. Only you and the Velvet admin can see these details.
        </>
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id={fieldId('bank_account_holder_name')}
          label="Bank Account Holder Name"
          error={errors.bank_account_holder_name?.message}
        >
          <Input autoComplete="name" {...register('bank_account_holder_name')} />
        </FormField>
        <FormField id={fieldId('tax_id')} label="Tax ID" error={errors.tax_id?.message}>
          <Input autoComplete="off" {...register('tax_id')} />
        </FormField>
        <FormField
          id={fieldId('bank_account_number')}
          label="Bank Account Number"
          error={errors.bank_account_number?.message}
        >
          <Input inputMode="numeric" autoComplete="off" {...register('bank_account_number')} />
        </FormField>
        <FormField
          id={fieldId('bank_routing_number')}
          label="Bank Routing Number"
          error={errors.bank_routing_number?.message}
        >
          <Input inputMode="numeric" autoComplete="off" {...register('bank_routing_number')} />
        </FormField>
      </div>
    </FormSection>
  );
}
