ALTER TABLE "venues" ADD COLUMN "bank_account_last4" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "bank_routing_last4" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "tax_id_last4" text;--> statement-breakpoint
-- The last four digits of the numbers stored so far, for display; the server encrypts the
-- numbers themselves at its next start (it holds the key, the database does not: decision 0059).
UPDATE "venues" SET
  "bank_account_last4" = nullif(right(regexp_replace(coalesce("bank_account_number", ''), '\D', '', 'g'), 4), ''),
  "bank_routing_last4" = nullif(right(regexp_replace(coalesce("bank_routing_number", ''), '\D', '', 'g'), 4), ''),
  "tax_id_last4" = nullif(right(regexp_replace(coalesce("tax_id", ''), '\D', '', 'g'), 4), '')
WHERE "bank_account_number" NOT LIKE 'enc:%' OR "bank_routing_number" NOT LIKE 'enc:%' OR "tax_id" NOT LIKE 'enc:%';
