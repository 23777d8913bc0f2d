CREATE TABLE "deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"distribution_id" text NOT NULL,
	"user_id" text NOT NULL,
	"video_id" text NOT NULL,
	"campaign_id" text,
	"contact_id" text,
	"social_contact_id" text,
	"recipient_key" text NOT NULL,
	"platform" text NOT NULL,
	"profile_id" text,
	"address" text NOT NULL,
	"recipient_name" text,
	"first_name" text,
	"subject" text,
	"message" text NOT NULL,
	"token" text NOT NULL,
	"render_id" text,
	"status" text NOT NULL,
	"attempt_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"quota_day" text,
	"not_before" timestamp with time zone,
	"job_id" text,
	"provider_message_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_quotas" (
	"account_key" text NOT NULL,
	"day" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_quotas_account_key_day_pk" PRIMARY KEY("account_key","day")
);
--> statement-breakpoint
CREATE TABLE "distribution_opt_outs" (
	"user_id" text NOT NULL,
	"recipient_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distribution_opt_outs_user_id_recipient_key_pk" PRIMARY KEY("user_id","recipient_key")
);
--> statement-breakpoint
CREATE TABLE "distributions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"video_id" text NOT NULL,
	"campaign_id" text,
	"platforms" jsonb NOT NULL,
	"message" text NOT NULL,
	"personalize_video" boolean DEFAULT false NOT NULL,
	"head_script" text,
	"tail_script" text,
	"base_url" text NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_renders" (
	"id" text PRIMARY KEY NOT NULL,
	"distribution_id" text NOT NULL,
	"user_id" text NOT NULL,
	"recipient_key" text NOT NULL,
	"batch" integer NOT NULL,
	"head_script" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"video_url" text,
	"thumbnail" text,
	"duration" double precision,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_social_contact_id_social_contacts_id_fk" FOREIGN KEY ("social_contact_id") REFERENCES "public"."social_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_profile_id_social_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."social_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_render_id_personal_renders_id_fk" FOREIGN KEY ("render_id") REFERENCES "public"."personal_renders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_opt_outs" ADD CONSTRAINT "distribution_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_renders" ADD CONSTRAINT "personal_renders_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_renders" ADD CONSTRAINT "personal_renders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_video_recipient_platform_uq" ON "deliveries" USING btree ("video_id","recipient_key","platform");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_token_uq" ON "deliveries" USING btree ("token");--> statement-breakpoint
CREATE INDEX "deliveries_distribution_status_idx" ON "deliveries" USING btree ("distribution_id","status");--> statement-breakpoint
CREATE INDEX "deliveries_video_created_idx" ON "deliveries" USING btree ("video_id","created_at");--> statement-breakpoint
CREATE INDEX "deliveries_user_campaign_idx" ON "deliveries" USING btree ("user_id","campaign_id","status");--> statement-breakpoint
CREATE INDEX "deliveries_campaign_idx" ON "deliveries" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "deliveries_render_idx" ON "deliveries" USING btree ("render_id");--> statement-breakpoint
CREATE INDEX "deliveries_contact_idx" ON "deliveries" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "deliveries_social_contact_idx" ON "deliveries" USING btree ("social_contact_id");--> statement-breakpoint
CREATE INDEX "deliveries_profile_idx" ON "deliveries" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "deliveries_open_idx" ON "deliveries" USING btree ("updated_at") WHERE "deliveries"."status" in ('pending', 'sending', 'deferred');--> statement-breakpoint
CREATE INDEX "distributions_user_created_idx" ON "distributions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "distributions_video_idx" ON "distributions" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "distributions_campaign_idx" ON "distributions" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "personal_renders_recipient_uq" ON "personal_renders" USING btree ("distribution_id","recipient_key");--> statement-breakpoint
CREATE INDEX "personal_renders_batch_idx" ON "personal_renders" USING btree ("distribution_id","batch");--> statement-breakpoint
CREATE INDEX "personal_renders_user_idx" ON "personal_renders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "personal_renders_pending_idx" ON "personal_renders" USING btree ("created_at") WHERE "personal_renders"."status" = 'pending';