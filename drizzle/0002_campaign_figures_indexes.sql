ALTER TABLE "video_stats" ADD COLUMN "campaign_id" text;--> statement-breakpoint
ALTER TABLE "video_stats" ADD CONSTRAINT "video_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_user_campaign_status_idx" ON "videos" USING btree ("user_id","campaign_id","status");--> statement-breakpoint
CREATE INDEX "videos_user_template_idx" ON "videos" USING btree ("user_id","template_id");--> statement-breakpoint
CREATE INDEX "video_stats_user_campaign_idx" ON "video_stats" USING btree ("user_id","campaign_id");