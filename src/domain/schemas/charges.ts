/** The messages of a host's additional charge (SPEC §5), shared by its dialog and the server. */

export const CHARGE_FIELDS_MISSING = 'Please fill in all required fields';
export const CHARGE_AMOUNT_INVALID = 'Please enter a valid amount greater than $0';
export const CHARGE_CUSTOM_REASON_MISSING = 'Please describe the reason for the charge.';
