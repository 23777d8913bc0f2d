DROP INDEX "videos_user_created_idx";--> statement-breakpoint
DROP INDEX "videos_campaign_idx";--> statement-breakpoint
DROP INDEX "campaigns_user_created_idx";--> statement-breakpoint
DROP INDEX "render_tasks_user_idx";--> statement-breakpoint
DROP INDEX "contact_lists_user_created_idx";--> statement-breakpoint
DROP INDEX "contacts_list_created_idx";--> statement-breakpoint
DROP INDEX "deliveries_video_created_idx";--> statement-breakpoint
CREATE INDEX "videos_user_created_idx" ON "videos" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "videos_campaign_idx" ON "videos" USING btree ("campaign_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_user_created_idx" ON "campaigns" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "render_tasks_user_idx" ON "render_tasks" USING btree ("user_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_lists_user_created_idx" ON "contact_lists" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_list_created_idx" ON "contacts" USING btree ("list_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deliveries_video_created_idx" ON "deliveries" USING btree ("video_id","created_at","id");