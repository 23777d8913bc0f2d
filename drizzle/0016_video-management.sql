CREATE TABLE "removed_links" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_shares" ADD COLUMN "render_id" text;--> statement-breakpoint
ALTER TABLE "removed_links" ADD CONSTRAINT "removed_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "removed_links_user_idx" ON "removed_links" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "video_shares" ADD CONSTRAINT "video_shares_render_id_personal_renders_id_fk" FOREIGN KEY ("render_id") REFERENCES "public"."personal_renders"("id") ON DELETE set null ON UPDATE no action;