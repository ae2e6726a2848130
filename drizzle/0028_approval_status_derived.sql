ALTER TABLE "bookings" DROP CONSTRAINT "bookings_approval_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "approval_status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "bookings" drop column "approval_status";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "approval_status" text GENERATED ALWAYS AS (CASE status WHEN 'pending' THEN 'pending' WHEN 'confirmed' THEN 'approved' WHEN 'cancelled' THEN 'rejected' WHEN 'edited' THEN 'pending' END) STORED NOT NULL;