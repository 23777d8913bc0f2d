ALTER TABLE "subscriptions" ALTER COLUMN "render_tier" SET DEFAULT 'plan';--> statement-breakpoint
ALTER TABLE "unsubscribe_links" ADD COLUMN "language" text;--> statement-breakpoint
-- Written by hand (docs/decisions/222): a stored tier at or below the plan's own rendered at the plan's resolution
-- (the floor this replaces), so it becomes 'plan' and renders as before; a tier above it (a pack bought) stays.
UPDATE "subscriptions" SET "render_tier" = 'plan' WHERE array_position(ARRAY['basic', 'pro', 'enterprise'], "render_tier") <= array_position(ARRAY['basic', 'pro', 'enterprise'], "plan_id");
