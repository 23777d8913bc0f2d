import { z } from 'zod';
import { API_KEY_SCOPES } from '../../shared/api-key-scopes';
import { ZTimestamp } from '../../shared/reply-schemas';

// The answers of the API-key procedures (tRPC `apiKeys`). A key's secret is shown once, on creation.

const ZScopes = z.array(z.enum(API_KEY_SCOPES));
export const ZApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  scopes: ZScopes,
  createdAt: ZTimestamp,
  lastUsedAt: ZTimestamp.nullable(),
});
export const ZApiKeys = z.array(ZApiKey);
export const ZCreatedApiKey = z.object({ id: z.string(), name: z.string(), prefix: z.string(), scopes: ZScopes, /** The whole key, this once. */ key: z.string() });
