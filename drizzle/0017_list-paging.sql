CREATE TABLE "campaign_stats" (
	"user_id" text NOT NULL,
	"campaign_key" text NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"watched_sum" bigint DEFAULT 0 NOT NULL,
	"cta_clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_stats_user_id_campaign_key_pk" PRIMARY KEY("user_id","campaign_key")
);
--> statement-breakpoint
CREATE TABLE "template_uses" (
	"user_id" text NOT NULL,
	"template_key" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "template_uses_user_id_template_key_pk" PRIMARY KEY("user_id","template_key")
);
--> statement-breakpoint
DROP INDEX "videos_user_created_idx";--> statement-breakpoint
DROP INDEX "videos_campaign_idx";--> statement-breakpoint
DROP INDEX "campaigns_user_created_idx";--> statement-breakpoint
DROP INDEX "render_tasks_user_idx";--> statement-breakpoint
DROP INDEX "contact_lists_user_created_idx";--> statement-breakpoint
DROP INDEX "contacts_list_created_idx";--> statement-breakpoint
DROP INDEX "deliveries_video_created_idx";--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD CONSTRAINT "campaign_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_uses" ADD CONSTRAINT "template_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_user_created_idx" ON "videos" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "videos_campaign_idx" ON "videos" USING btree ("campaign_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_user_created_idx" ON "campaigns" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "render_tasks_user_idx" ON "render_tasks" USING btree ("user_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_lists_user_created_idx" ON "contact_lists" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_list_created_idx" ON "contacts" USING btree ("list_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deliveries_video_created_idx" ON "deliveries" USING btree ("video_id","created_at","id");--> statement-breakpoint
-- Added by hand (drizzle cannot express triggers): campaign_stats follows every write to video_stats
-- (docs/decisions/180-cursor-pagination.md). Row triggers also fire for the ON DELETE actions of
-- foreign keys (a campaign deleted sets video_stats.campaign_id to null: its sums move to '').
CREATE FUNCTION campaign_stats_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE campaign_stats SET views = views - OLD.views, watched_sum = watched_sum - OLD.watched_sum, cta_clicks = cta_clicks - OLD.cta_clicks
    WHERE user_id = OLD.user_id AND campaign_key = coalesce(OLD.campaign_id, '');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO campaign_stats (user_id, campaign_key, views, watched_sum, cta_clicks)
    VALUES (NEW.user_id, coalesce(NEW.campaign_id, ''), NEW.views, NEW.watched_sum, NEW.cta_clicks)
    ON CONFLICT (user_id, campaign_key) DO UPDATE SET views = campaign_stats.views + excluded.views,
      watched_sum = campaign_stats.watched_sum + excluded.watched_sum, cta_clicks = campaign_stats.cta_clicks + excluded.cta_clicks;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Added by hand: the trigger of campaign_stats.
CREATE TRIGGER video_stats_campaign_stats AFTER INSERT OR UPDATE OR DELETE ON video_stats FOR EACH ROW EXECUTE FUNCTION campaign_stats_follow();
--> statement-breakpoint
-- Added by hand: template_uses follows the videos (created, deleted, template or owner changed).
CREATE FUNCTION template_uses_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE template_uses SET uses = uses - 1 WHERE user_id = OLD.user_id AND template_key = coalesce(OLD.template_id, '');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO template_uses (user_id, template_key, uses) VALUES (NEW.user_id, coalesce(NEW.template_id, ''), 1)
    ON CONFLICT (user_id, template_key) DO UPDATE SET uses = template_uses.uses + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Added by hand: the triggers of template_uses (an update counts only when the template or the owner changes).
CREATE TRIGGER videos_template_uses AFTER INSERT OR DELETE ON videos FOR EACH ROW EXECUTE FUNCTION template_uses_follow();
--> statement-breakpoint
-- Added by hand.
CREATE TRIGGER videos_template_uses_change AFTER UPDATE OF template_id, user_id ON videos FOR EACH ROW
  WHEN (OLD.template_id IS DISTINCT FROM NEW.template_id OR OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION template_uses_follow();
--> statement-breakpoint
-- Added by hand: the counters of the rows already there.
INSERT INTO campaign_stats (user_id, campaign_key, views, watched_sum, cta_clicks)
  SELECT user_id, coalesce(campaign_id, ''), sum(views), sum(watched_sum), sum(cta_clicks) FROM video_stats GROUP BY 1, 2;
--> statement-breakpoint
-- Added by hand.
INSERT INTO template_uses (user_id, template_key, uses) SELECT user_id, coalesce(template_id, ''), count(*) FROM videos GROUP BY 1, 2;
