CREATE TABLE "send_defaults" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"sender_name" text,
	"subject" text,
	"cta_label" text,
	"cta_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "cta_label" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "cta_url" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "sender_name" text;--> statement-breakpoint
ALTER TABLE "send_defaults" ADD CONSTRAINT "send_defaults_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;