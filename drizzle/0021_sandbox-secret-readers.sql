-- Messages already in the sandbox inbox that carry a secret link (docs/decisions/205): a password
-- reset is its account's alone, an invitation its workspace admins' (the references their senders set).
UPDATE "sandbox_messages" SET "readable_by" = 'user:' || substr("meta"->>'reference', length('password-reset:') + 1)
  WHERE "channel" = 'email' AND "meta"->>'reference' LIKE 'password-reset:%';--> statement-breakpoint
UPDATE "sandbox_messages" SET "readable_by" = 'admins'
  WHERE "channel" = 'email' AND "meta"->>'reference' LIKE 'workspace-invite:%';
