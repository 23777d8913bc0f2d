ALTER TABLE "custom_avatars" ADD COLUMN "rig_url" text;--> statement-breakpoint
ALTER TABLE "custom_avatars" ADD COLUMN "rig" jsonb;