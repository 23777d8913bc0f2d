// The schema index: every table, for drizzle-kit (the db client is untyped by tables: decision 210).
export * from '../domains/users/tables';
export * from '../domains/workspaces/tables';
export * from '../server/http/rate-limit-tables';
export * from '../domains/auth/tables';
export * from '../domains/billing/tables';
export * from '../domains/api-keys/tables';
export * from '../domains/files/tables';
export * from '../domains/videos/tables';
export * from '../domains/campaigns/tables';
export * from '../domains/tracking/tables';
export * from '../domains/avatars/tables';
export * from '../domains/generation/tables';
export * from '../domains/contacts/tables';
export * from '../domains/social/tables';
export * from '../domains/distribution/tables';
export * from '../domains/webhooks/tables';
export * from '../domains/exports/tables';
