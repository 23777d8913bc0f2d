ALTER TABLE "invoices" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_idempotency_uq" ON "invoices" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_request_key_uq" ON "invoices" USING btree ("user_id","request_key");--> statement-breakpoint
-- Before the one-active-export index: an older export still queued or running beside a newer one of the same workspace is ended (the newer one goes on).
UPDATE "data_exports" SET "status" = 'failed', "error" = 'Replaced by a newer export' WHERE "status" in ('queued', 'running') AND "id" NOT IN (SELECT DISTINCT ON ("workspace_id") "id" FROM "data_exports" WHERE "status" in ('queued', 'running') ORDER BY "workspace_id", "created_at" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_active_uq" ON "data_exports" USING btree ("workspace_id") WHERE "data_exports"."status" in ('queued', 'running');