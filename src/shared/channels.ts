/** The channels a video can be sent through (the send step, spec part 2 §9): e-mail is always available. */
export const CHANNELS = ['linkedin', 'twitter', 'instagram', 'whatsapp', 'google', 'outlook', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];
