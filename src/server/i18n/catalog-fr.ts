export const CATALOG_FR: Record<string, string> = {};
