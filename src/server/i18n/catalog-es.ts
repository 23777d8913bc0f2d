export const CATALOG_ES: Record<string, string> = {};
