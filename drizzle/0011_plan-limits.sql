CREATE TABLE "render_usage" (
	"video_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"reserved_bytes" bigint DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'plan' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paid_render_tier" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paid_render_tier_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_exp_month" smallint;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_exp_year" smallint;--> statement-breakpoint
ALTER TABLE "render_usage" ADD CONSTRAINT "render_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "render_usage_user_period_idx" ON "render_usage" USING btree ("user_id","period_start");