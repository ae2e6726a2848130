ALTER TABLE "venues" ADD COLUMN "pending_name" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "pending_description" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "pending_images" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "pending_since" timestamp with time zone;