ALTER TABLE "render_tasks" ADD COLUMN "link_origin" text;--> statement-breakpoint
ALTER TABLE "personal_renders" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "link_origin" text;