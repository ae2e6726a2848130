/** The sections of the Add Venue and Edit Venue forms, and the form's values and resolvers. */
export { AmenitiesSection } from './AmenitiesSection';
export { BasicInfoSection } from './BasicInfoSection';
export { FormSection } from './FormSection';
export { HoursSection } from './HoursSection';
export { PaymentSection } from './PaymentSection';
export { PricingSection } from './PricingSection';
export * from './venueForm';
