CREATE TABLE "video_shares" (
	"video_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "brand_logo_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "video_shares" ADD CONSTRAINT "video_shares_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_shares" ADD CONSTRAINT "video_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_shares_token_uq" ON "video_shares" USING btree ("token");--> statement-breakpoint
CREATE INDEX "video_shares_user_idx" ON "video_shares" USING btree ("user_id");