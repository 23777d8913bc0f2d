CREATE TABLE "contact_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"list_id" text NOT NULL,
	"name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"company" text,
	"position" text,
	"linkedin_url" text,
	"phone_number" text,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_connect_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"platform" text,
	"token_hash" text NOT NULL,
	"redirect_uri" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"profile_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "social_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"profile_id" text NOT NULL,
	"platform" text NOT NULL,
	"provider_id" text NOT NULL,
	"name" text NOT NULL,
	"headline" text,
	"profile_url" text,
	"profile_picture_url" text,
	"phone" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"profile_name" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"account_ref" text NOT NULL,
	"account_id_enc" text NOT NULL,
	"provider_status" text,
	"checkpoint_type" text,
	"connected_at" timestamp with time zone,
	"contacts_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_lists" ADD CONSTRAINT "contact_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_list_id_contact_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."contact_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_messages" ADD CONSTRAINT "sandbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_connect_requests" ADD CONSTRAINT "social_connect_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_contacts" ADD CONSTRAINT "social_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_contacts" ADD CONSTRAINT "social_contacts_profile_id_social_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_profiles" ADD CONSTRAINT "social_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_lists_user_created_idx" ON "contact_lists" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_list_created_idx" ON "contacts" USING btree ("list_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_user_idx" ON "contacts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_list_email_uq" ON "contacts" USING btree ("list_id",lower("email")) WHERE "contacts"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_list_phone_uq" ON "contacts" USING btree ("list_id",regexp_replace("phone_number", '[^0-9]', '', 'g')) WHERE "contacts"."phone_number" is not null;--> statement-breakpoint
CREATE INDEX "sandbox_messages_user_created_idx" ON "sandbox_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_connect_requests_token_uq" ON "social_connect_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "social_connect_requests_user_idx" ON "social_connect_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "social_contacts_profile_provider_uq" ON "social_contacts" USING btree ("profile_id","provider_id");--> statement-breakpoint
CREATE INDEX "social_contacts_user_idx" ON "social_contacts" USING btree ("user_id","platform");--> statement-breakpoint
CREATE UNIQUE INDEX "social_profiles_user_account_uq" ON "social_profiles" USING btree ("user_id","account_ref");--> statement-breakpoint
CREATE INDEX "social_profiles_account_ref_idx" ON "social_profiles" USING btree ("account_ref");--> statement-breakpoint
CREATE INDEX "social_profiles_user_idx" ON "social_profiles" USING btree ("user_id","created_at");