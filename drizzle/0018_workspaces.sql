-- Written by hand (docs/decisions/200-workspaces.md): drizzle-kit would drop user_id and add workspace_id,
-- losing every row's owner. Each user gets a personal workspace whose id is the user's id, so renaming
-- user_id to workspace_id moves every row into its owner's personal workspace with nothing to copy;
-- created_by keeps who made it. The indexes follow the rename (their names keep "user").
CREATE TABLE "workspace_invites" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_invites" ADD CONSTRAINT "workspace_invites_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_invites" ADD CONSTRAINT "workspace_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invites_token_uq" ON "workspace_invites" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invites_pending_uq" ON "workspace_invites" USING btree ("workspace_id",lower("email")) WHERE "workspace_invites"."accepted_at" is null;
--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "workspaces_owner_idx" ON "workspaces" USING btree ("owner_id");
--> statement-breakpoint
-- Every user has a personal workspace, owned by them, whose id is theirs.
INSERT INTO "workspaces" ("id", "name", "owner_id", "created_at") SELECT "id", "full_name", "id", "created_at" FROM "users";
--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at") SELECT "id", "id", 'owner', "created_at" FROM "users";
--> statement-breakpoint
-- A new user's personal workspace is made with the user, whatever path makes the user.
CREATE FUNCTION personal_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspaces (id, name, owner_id) VALUES (NEW.id, NEW.full_name, NEW.id);
  INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (NEW.id, NEW.id, 'owner');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_personal_workspace AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION personal_workspace();
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "workspace_id" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "render_usage" DROP CONSTRAINT "render_usage_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "render_usage" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "render_usage" ADD CONSTRAINT "render_usage_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "workspace_id" text;
--> statement-breakpoint
UPDATE "api_keys" SET "workspace_id" = "user_id";
--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "files" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "videos" DROP CONSTRAINT "videos_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "videos" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "campaigns" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campaign_stats" DROP CONSTRAINT "campaign_stats_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "campaign_stats" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD CONSTRAINT "campaign_stats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campaign_stats" RENAME CONSTRAINT "campaign_stats_user_id_campaign_key_pk" TO "campaign_stats_workspace_id_campaign_key_pk";
--> statement-breakpoint
ALTER TABLE "template_uses" DROP CONSTRAINT "template_uses_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "template_uses" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "template_uses" ADD CONSTRAINT "template_uses_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "template_uses" RENAME CONSTRAINT "template_uses_user_id_template_key_pk" TO "template_uses_workspace_id_template_key_pk";
--> statement-breakpoint
ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tracking_events" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "video_stats" DROP CONSTRAINT "video_stats_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "video_stats" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "video_stats" ADD CONSTRAINT "video_stats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "custom_avatars" DROP CONSTRAINT "custom_avatars_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "custom_avatars" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "custom_avatars" ADD CONSTRAINT "custom_avatars_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "backgrounds" DROP CONSTRAINT "backgrounds_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "backgrounds" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "backgrounds" ADD CONSTRAINT "backgrounds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "render_tasks" DROP CONSTRAINT "render_tasks_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "render_tasks" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "render_tasks" ADD CONSTRAINT "render_tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_lists" DROP CONSTRAINT "contact_lists_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_lists" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "contact_lists" ADD CONSTRAINT "contact_lists_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "contacts" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sandbox_messages" DROP CONSTRAINT "sandbox_messages_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sandbox_messages" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "sandbox_messages" ADD CONSTRAINT "sandbox_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "social_connect_requests" DROP CONSTRAINT "social_connect_requests_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "social_connect_requests" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "social_connect_requests" ADD CONSTRAINT "social_connect_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "social_contacts" DROP CONSTRAINT "social_contacts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "social_contacts" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "social_contacts" ADD CONSTRAINT "social_contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "social_profiles" DROP CONSTRAINT "social_profiles_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "social_profiles" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "social_profiles" ADD CONSTRAINT "social_profiles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "deliveries" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "distribution_opt_outs" DROP CONSTRAINT "distribution_opt_outs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "distribution_opt_outs" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "distribution_opt_outs" ADD CONSTRAINT "distribution_opt_outs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "distribution_opt_outs" RENAME CONSTRAINT "distribution_opt_outs_user_id_recipient_key_pk" TO "distribution_opt_outs_workspace_id_recipient_key_pk";
--> statement-breakpoint
ALTER TABLE "distributions" DROP CONSTRAINT "distributions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "distributions" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "personal_renders" DROP CONSTRAINT "personal_renders_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "personal_renders" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "personal_renders" ADD CONSTRAINT "personal_renders_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "personal_tails" DROP CONSTRAINT "personal_tails_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "personal_tails" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "personal_tails" ADD CONSTRAINT "personal_tails_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "removed_links" DROP CONSTRAINT "removed_links_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "removed_links" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "removed_links" ADD CONSTRAINT "removed_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "video_shares" DROP CONSTRAINT "video_shares_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "video_shares" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "video_shares" ADD CONSTRAINT "video_shares_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "data_exports" DROP CONSTRAINT "data_exports_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "data_exports" RENAME COLUMN "user_id" TO "workspace_id";
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The counters' triggers name the renamed column.
CREATE OR REPLACE FUNCTION campaign_stats_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO campaign_stats (workspace_id, campaign_key, views, watched_sum, cta_clicks)
    SELECT workspace_id, coalesce(campaign_id, ''), sum(views), sum(watched_sum), sum(cta_clicks) FROM new_rows GROUP BY 1, 2
    ON CONFLICT (workspace_id, campaign_key) DO UPDATE SET views = campaign_stats.views + excluded.views,
      watched_sum = campaign_stats.watched_sum + excluded.watched_sum, cta_clicks = campaign_stats.cta_clicks + excluded.cta_clicks;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE campaign_stats s SET views = s.views - d.views, watched_sum = s.watched_sum - d.watched_sum, cta_clicks = s.cta_clicks - d.cta_clicks
    FROM (SELECT workspace_id, coalesce(campaign_id, '') AS k, sum(views) AS views, sum(watched_sum) AS watched_sum, sum(cta_clicks) AS cta_clicks FROM old_rows GROUP BY 1, 2) d
    WHERE s.workspace_id = d.workspace_id AND s.campaign_key = d.k;
  ELSE
    INSERT INTO campaign_stats (workspace_id, campaign_key, views, watched_sum, cta_clicks)
    SELECT workspace_id, k, sum(v), sum(w), sum(c) FROM (
      SELECT workspace_id, coalesce(campaign_id, '') AS k, -views AS v, -watched_sum AS w, -cta_clicks AS c FROM old_rows
      UNION ALL SELECT workspace_id, coalesce(campaign_id, ''), views, watched_sum, cta_clicks FROM new_rows) d
    GROUP BY 1, 2 HAVING sum(v) <> 0 OR sum(w) <> 0 OR sum(c) <> 0
    ON CONFLICT (workspace_id, campaign_key) DO UPDATE SET views = campaign_stats.views + excluded.views,
      watched_sum = campaign_stats.watched_sum + excluded.watched_sum, cta_clicks = campaign_stats.cta_clicks + excluded.cta_clicks;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The counters' triggers name the renamed column.
CREATE OR REPLACE FUNCTION template_uses_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO template_uses (workspace_id, template_key, uses) SELECT workspace_id, coalesce(template_id, ''), count(*) FROM new_rows GROUP BY 1, 2
    ON CONFLICT (workspace_id, template_key) DO UPDATE SET uses = template_uses.uses + excluded.uses;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE template_uses t SET uses = t.uses - d.n
    FROM (SELECT workspace_id, coalesce(template_id, '') AS k, count(*) AS n FROM old_rows GROUP BY 1, 2) d
    WHERE t.workspace_id = d.workspace_id AND t.template_key = d.k;
  ELSE
    -- Most updates of videos (progress, titles) change neither: the net change is zero and nothing is written.
    INSERT INTO template_uses (workspace_id, template_key, uses)
    SELECT workspace_id, k, sum(n) FROM (
      SELECT workspace_id, coalesce(template_id, '') AS k, -1 AS n FROM old_rows
      UNION ALL SELECT workspace_id, coalesce(template_id, ''), 1 FROM new_rows) d
    GROUP BY 1, 2 HAVING sum(n) <> 0
    ON CONFLICT (workspace_id, template_key) DO UPDATE SET uses = template_uses.uses + excluded.uses;
  END IF;
  RETURN NULL;
END $$;

--> statement-breakpoint
-- Who made each object: until now, its owner.
ALTER TABLE "files" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "files" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "videos" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "campaigns" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "custom_avatars" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "custom_avatars" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "custom_avatars" ADD CONSTRAINT "custom_avatars_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "backgrounds" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "backgrounds" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "backgrounds" ADD CONSTRAINT "backgrounds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "render_tasks" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "render_tasks" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "render_tasks" ADD CONSTRAINT "render_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_lists" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "contact_lists" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "contact_lists" ADD CONSTRAINT "contact_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "contacts" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sandbox_messages" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "sandbox_messages" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "sandbox_messages" ADD CONSTRAINT "sandbox_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "social_connect_requests" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "social_connect_requests" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "social_connect_requests" ADD CONSTRAINT "social_connect_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "social_contacts" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "social_contacts" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "social_contacts" ADD CONSTRAINT "social_contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "social_profiles" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "social_profiles" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "social_profiles" ADD CONSTRAINT "social_profiles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "distributions" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "webhook_endpoints" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "created_by" text;
--> statement-breakpoint
UPDATE "data_exports" SET "created_by" = "workspace_id";
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;