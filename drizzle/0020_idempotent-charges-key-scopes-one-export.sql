ALTER TABLE "invoices" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_idempotency_uq" ON "invoices" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_request_key_uq" ON "invoices" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_active_uq" ON "data_exports" USING btree ("workspace_id") WHERE "data_exports"."status" in ('queued', 'running');