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
-- (docs/decisions/180-cursor-pagination.md). Statement triggers with transition tables: one upsert per
-- (user, campaign) and statement, so a bulk write (rebuildVideoStats) does not update one counter row
-- once per video. They also fire for foreign keys' ON DELETE actions (a campaign deleted sets
-- video_stats.campaign_id to null: its sums move to '').
CREATE FUNCTION campaign_stats_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO campaign_stats (user_id, campaign_key, views, watched_sum, cta_clicks)
    SELECT user_id, coalesce(campaign_id, ''), sum(views), sum(watched_sum), sum(cta_clicks) FROM new_rows GROUP BY 1, 2
    ON CONFLICT (user_id, campaign_key) DO UPDATE SET views = campaign_stats.views + excluded.views,
      watched_sum = campaign_stats.watched_sum + excluded.watched_sum, cta_clicks = campaign_stats.cta_clicks + excluded.cta_clicks;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE campaign_stats s SET views = s.views - d.views, watched_sum = s.watched_sum - d.watched_sum, cta_clicks = s.cta_clicks - d.cta_clicks
    FROM (SELECT user_id, coalesce(campaign_id, '') AS k, sum(views) AS views, sum(watched_sum) AS watched_sum, sum(cta_clicks) AS cta_clicks FROM old_rows GROUP BY 1, 2) d
    WHERE s.user_id = d.user_id AND s.campaign_key = d.k;
  ELSE
    INSERT INTO campaign_stats (user_id, campaign_key, views, watched_sum, cta_clicks)
    SELECT user_id, k, sum(v), sum(w), sum(c) FROM (
      SELECT user_id, coalesce(campaign_id, '') AS k, -views AS v, -watched_sum AS w, -cta_clicks AS c FROM old_rows
      UNION ALL SELECT user_id, coalesce(campaign_id, ''), views, watched_sum, cta_clicks FROM new_rows) d
    GROUP BY 1, 2 HAVING sum(v) <> 0 OR sum(w) <> 0 OR sum(c) <> 0
    ON CONFLICT (user_id, campaign_key) DO UPDATE SET views = campaign_stats.views + excluded.views,
      watched_sum = campaign_stats.watched_sum + excluded.watched_sum, cta_clicks = campaign_stats.cta_clicks + excluded.cta_clicks;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Added by hand: the triggers of campaign_stats (one per event: a trigger with transition tables has one event).
CREATE TRIGGER video_stats_campaign_stats_insert AFTER INSERT ON video_stats REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_stats_follow();
--> statement-breakpoint
-- Added by hand.
CREATE TRIGGER video_stats_campaign_stats_update AFTER UPDATE ON video_stats REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_stats_follow();
--> statement-breakpoint
-- Added by hand.
CREATE TRIGGER video_stats_campaign_stats_delete AFTER DELETE ON video_stats REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_stats_follow();
--> statement-breakpoint
-- Added by hand: template_uses follows the videos (created, deleted, template or owner changed), per statement too.
CREATE FUNCTION template_uses_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO template_uses (user_id, template_key, uses) SELECT user_id, coalesce(template_id, ''), count(*) FROM new_rows GROUP BY 1, 2
    ON CONFLICT (user_id, template_key) DO UPDATE SET uses = template_uses.uses + excluded.uses;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE template_uses t SET uses = t.uses - d.n
    FROM (SELECT user_id, coalesce(template_id, '') AS k, count(*) AS n FROM old_rows GROUP BY 1, 2) d
    WHERE t.user_id = d.user_id AND t.template_key = d.k;
  ELSE
    -- Most updates of videos (progress, titles) change neither: the net change is zero and nothing is written.
    INSERT INTO template_uses (user_id, template_key, uses)
    SELECT user_id, k, sum(n) FROM (
      SELECT user_id, coalesce(template_id, '') AS k, -1 AS n FROM old_rows
      UNION ALL SELECT user_id, coalesce(template_id, ''), 1 FROM new_rows) d
    GROUP BY 1, 2 HAVING sum(n) <> 0
    ON CONFLICT (user_id, template_key) DO UPDATE SET uses = template_uses.uses + excluded.uses;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Added by hand: the triggers of template_uses.
CREATE TRIGGER videos_template_uses_insert AFTER INSERT ON videos REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION template_uses_follow();
--> statement-breakpoint
-- Added by hand.
CREATE TRIGGER videos_template_uses_update AFTER UPDATE ON videos REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION template_uses_follow();
--> statement-breakpoint
-- Added by hand.
CREATE TRIGGER videos_template_uses_delete AFTER DELETE ON videos REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION template_uses_follow();
--> statement-breakpoint
-- Added by hand: the counters of the rows already there.
INSERT INTO campaign_stats (user_id, campaign_key, views, watched_sum, cta_clicks)
  SELECT user_id, coalesce(campaign_id, ''), sum(views), sum(watched_sum), sum(cta_clicks) FROM video_stats GROUP BY 1, 2;
--> statement-breakpoint
-- Added by hand.
INSERT INTO template_uses (user_id, template_key, uses) SELECT user_id, coalesce(template_id, ''), count(*) FROM videos GROUP BY 1, 2;
