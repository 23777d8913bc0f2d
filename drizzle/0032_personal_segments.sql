DROP INDEX "personal_tails_background_uq";--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "script_parts" jsonb;--> statement-breakpoint
ALTER TABLE "personal_renders" ADD COLUMN "texts" jsonb;--> statement-breakpoint
ALTER TABLE "personal_renders" ADD COLUMN "shared_parts" jsonb;--> statement-breakpoint
ALTER TABLE "personal_tails" ADD COLUMN "part" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "personal_tails_part_uq" ON "personal_tails" USING btree ("distribution_id","background","part");