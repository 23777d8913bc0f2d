// The schema index: every domain's tables, for drizzle-kit and the typed client.
export * from '../../domains/users/tables';
export * from '../auth/tables';
export * from '../http/rate-limit-tables';
export * from '../../domains/auth/tables';
export * from '../../domains/billing/tables';
export * from '../../domains/api-keys/tables';
export * from '../../domains/files/tables';
export * from '../../domains/videos/tables';
export * from '../../domains/campaigns/tables';
export * from '../../domains/tracking/tables';
export * from '../../domains/avatars/tables';
export * from '../../domains/generation/tables';
export * from '../../domains/contacts/tables';
export * from '../../domains/social/tables';
export * from '../../domains/distribution/tables';
export * from '../../domains/webhooks/tables';
export * from '../../domains/exports/tables';
