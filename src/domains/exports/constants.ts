// Isomorphic: the web shows these states and reads these datasets.
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** What the archive holds: one `<name>.json` and one `<name>.csv` each. */
export const EXPORT_DATASETS = ['campaigns', 'videos', 'contact-lists', 'contacts', 'deliveries', 'events'] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];

/** Days an archive stays downloadable. */
export const EXPORT_TTL_DAYS = 7;
