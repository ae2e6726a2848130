/** Payment texts of SPEC §8 (word for word) and the few this feature adds. */

export const PAYMENT_SETUP_FAILED = 'Payment Setup Failed';
export const setupFailedMessage = (message: string) => `Failed to initialize payment: ${message}`;
export const PAYMENT_NOT_READY = 'Payment Not Ready';
export const PAYMENT_NOT_READY_MESSAGE = 'Payment system is still initializing. Please wait a moment.';
export const PAYMENT_FAILED = 'Payment Failed';
export const PAYMENT_FAILED_FALLBACK = 'Payment could not be processed';
export const STRIPE_FAILED_TO_LOAD = 'Stripe failed to load';
export const CARD_INPUT_NOT_READY = 'Card input not ready';
export const CARD_AUTHORIZATION_PROCESSING = 'Card Authorization Processing';
export const PAYMENT_PROCESSING = 'Payment Processing';

export const CHARGE_MISSING_INFORMATION = 'Missing Information';
export const CHARGE_MISSING_INFORMATION_MESSAGE = 'Please fill in all required fields';
export const CHARGE_INVALID_AMOUNT = 'Invalid Amount';
export const CHARGE_INVALID_AMOUNT_MESSAGE = 'Please enter a valid amount greater than $0';
export const CHARGE_REQUIRES_AUTHENTICATION = 'Card Requires Authentication';
export const CHARGE_REQUIRES_AUTHENTICATION_MESSAGE =
  "The customer's card requires additional verification. Please contact them directly.";
export const CHARGE_DECLINED = 'Card Declined';
export const CHARGE_DECLINED_MESSAGE =
  "The customer's card was declined. Please contact them for an alternative payment method.";
export const CHARGE_FAILED = 'Charge Failed';
export const CHARGE_FAILED_FALLBACK = 'Failed to process the additional charge';
export const CHARGE_NETWORK_ERROR = 'Error';
export const CHARGE_NETWORK_ERROR_MESSAGE = 'Failed to process the charge. Please try again.';

export const COPIED = 'Copied!';
export const COPIED_HINT =
  'Payment ID copied. Use the Post-Event Charges tab on this booking to report charges after the event.';
