CREATE TABLE "personal_tails" (
	"id" text PRIMARY KEY NOT NULL,
	"distribution_id" text NOT NULL,
	"user_id" text NOT NULL,
	"background" text DEFAULT '' NOT NULL,
	"file_key" text NOT NULL,
	"payload_start" integer NOT NULL,
	"payload_end" integer NOT NULL,
	"duration" double precision NOT NULL,
	"cues" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "preview_values" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "variable_fallbacks" jsonb;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "values" jsonb;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "poster" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "gif" text;--> statement-breakpoint
ALTER TABLE "personal_renders" ADD COLUMN "background" text;--> statement-breakpoint
ALTER TABLE "personal_renders" ADD COLUMN "background_error" text;--> statement-breakpoint
ALTER TABLE "personal_renders" ADD COLUMN "headline" text;--> statement-breakpoint
ALTER TABLE "personal_renders" ADD COLUMN "tail_id" text;--> statement-breakpoint
ALTER TABLE "personal_renders" ADD COLUMN "gif" text;--> statement-breakpoint
ALTER TABLE "personal_renders" ADD COLUMN "captions" text;--> statement-breakpoint
ALTER TABLE "personal_tails" ADD CONSTRAINT "personal_tails_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_tails" ADD CONSTRAINT "personal_tails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "personal_tails_background_uq" ON "personal_tails" USING btree ("distribution_id","background");--> statement-breakpoint
CREATE INDEX "personal_tails_user_idx" ON "personal_tails" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "personal_renders" ADD CONSTRAINT "personal_renders_tail_id_personal_tails_id_fk" FOREIGN KEY ("tail_id") REFERENCES "public"."personal_tails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_renders_tail_idx" ON "personal_renders" USING btree ("tail_id");