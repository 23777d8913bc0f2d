CREATE TABLE "publications" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"created_by" text,
	"video_id" text NOT NULL,
	"campaign_id" text,
	"platform" text NOT NULL,
	"target_id" text NOT NULL,
	"target_name" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"visibility" text NOT NULL,
	"publish_at" timestamp with time zone,
	"request_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"session" jsonb,
	"post_id" text,
	"url" text,
	"note" text,
	"error" text,
	"needs_reconnect" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"views" integer,
	"views_source" text,
	"insights_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publishing_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"created_by" text,
	"platform" text NOT NULL,
	"provider" text NOT NULL,
	"token_encrypted" text NOT NULL,
	"targets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publishing_states" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"created_by" text,
	"platform" text NOT NULL,
	"state_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"created_by" text,
	"publication_id" text NOT NULL,
	"platform" text NOT NULL,
	"target_name" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"visibility" text NOT NULL,
	"publish_at" timestamp with time zone,
	"session_id" text NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "via" text;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_connections" ADD CONSTRAINT "publishing_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_connections" ADD CONSTRAINT "publishing_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_states" ADD CONSTRAINT "publishing_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_states" ADD CONSTRAINT "publishing_states_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_posts" ADD CONSTRAINT "sandbox_posts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_posts" ADD CONSTRAINT "sandbox_posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_posts" ADD CONSTRAINT "sandbox_posts_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publications_request_key_uq" ON "publications" USING btree ("workspace_id","request_key");--> statement-breakpoint
CREATE INDEX "publications_video_idx" ON "publications" USING btree ("workspace_id","video_id");--> statement-breakpoint
CREATE INDEX "publications_campaign_idx" ON "publications" USING btree ("workspace_id","campaign_id");--> statement-breakpoint
CREATE INDEX "publications_insights_idx" ON "publications" USING btree ("status","insights_at");--> statement-breakpoint
CREATE UNIQUE INDEX "publishing_connections_platform_uq" ON "publishing_connections" USING btree ("workspace_id","platform");--> statement-breakpoint
CREATE UNIQUE INDEX "publishing_states_hash_uq" ON "publishing_states" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "publishing_states_workspace_idx" ON "publishing_states" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_posts_publication_uq" ON "sandbox_posts" USING btree ("publication_id");--> statement-breakpoint
CREATE INDEX "sandbox_posts_workspace_idx" ON "sandbox_posts" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "tracking_events_via_idx" ON "tracking_events" USING btree ("via","event") WHERE "tracking_events"."via" is not null;