// Isomorphic: the API keys screen offers these, the server checks them.

/** What a key may do beyond the documented data routes. 'billing': spend (change the plan, buy a render tier). */
export const API_KEY_SCOPES = ['billing'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
