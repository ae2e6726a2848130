import { useFormContext } from 'react-hook-form';
import { Landmark, Lock } from 'lucide-react';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { FormSection } from './FormSection';
import { fieldId, type VenueFormValues } from './venueForm';

/** The stored numbers as the server shows them: their last four digits (`••••6789`). */
export interface NumbersOnFile {
  bank_account_number?: string | null;
  bank_routing_number?: string | null;
  tax_id?: string | null;
}

/**
 * Payout details. The numbers are stored encrypted and never sent back whole: on the edit form
 * (`onFile`) each shows its last four digits and stays as it is unless a new one is typed.
 */
export function PaymentSection({ onFile }: { onFile?: NumbersOnFile }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<VenueFormValues>();
  const kept = (value: string | null | undefined) =>
    onFile && value ? `On file: ${value}. Leave blank to keep it.` : undefined;
  return (
    <FormSection
      id="payment"
      title="Payment & Financial Information"
      icon={Landmark}
      description={
        <>
          <Lock className="mr-1.5 inline size-3.5 align-[-2px]" aria-hidden="true" />
          Used for payouts after events. Stored encrypted; only the Velvet admin can reveal them in full.
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
        <FormField
          id={fieldId('tax_id')}
          label="Tax ID"
          error={errors.tax_id?.message}
          hint={kept(onFile?.tax_id)}
        >
          <Input autoComplete="off" {...register('tax_id')} />
        </FormField>
        <FormField
          id={fieldId('bank_account_number')}
          label="Bank Account Number"
          error={errors.bank_account_number?.message}
          hint={kept(onFile?.bank_account_number)}
        >
          <Input inputMode="numeric" autoComplete="off" {...register('bank_account_number')} />
        </FormField>
        <FormField
          id={fieldId('bank_routing_number')}
          label="Bank Routing Number"
          error={errors.bank_routing_number?.message}
          hint={kept(onFile?.bank_routing_number)}
        >
          <Input inputMode="numeric" autoComplete="off" {...register('bank_routing_number')} />
        </FormField>
      </div>
    </FormSection>
  );
}
