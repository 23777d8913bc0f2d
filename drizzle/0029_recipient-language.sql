ALTER TABLE "videos" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "language" text;