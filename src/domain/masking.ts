/** Showing sensitive numbers to the admin: only their last four characters. */

/** Masks all but the last four characters of an account or routing number. */
export function maskLast4(value: string | null | undefined): string | null {
  if (!value) return value ?? null;
  const visible = value.slice(-4);
  return `${'•'.repeat(Math.max(4, value.length - 4))}${visible}`;
}
