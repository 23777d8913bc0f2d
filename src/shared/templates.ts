// The template catalogue the dashboard falls back to when the user's videos use none yet.
// A small typed list: the templates domain extends it with real layouts later.

export type TemplateType = 'business' | 'social' | 'personal';

export type TemplateSummary = {
  id: string;
  name: string;
  description: string;
  thumbnailUrl: string;
  type: TemplateType;
};

/** A self-contained thumbnail (no file to serve): a gradient card with the template's name. */
function thumbnail(name: string, from: string, to: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="320" height="180" rx="12" fill="url(#g)"/>` +
    `<text x="160" y="98" font-family="sans-serif" font-size="20" fill="#fff" text-anchor="middle">${name}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

export const TEMPLATES: readonly TemplateSummary[] = [
  { id: 'sales-intro', name: 'Sales introduction', description: 'Introduce yourself and your offer to a prospect by name.', thumbnailUrl: thumbnail('Sales introduction', '#2563eb', '#7c3aed'), type: 'business' },
  { id: 'recruitment', name: 'Recruitment outreach', description: 'Invite a candidate to talk about an open position.', thumbnailUrl: thumbnail('Recruitment outreach', '#0d9488', '#2563eb'), type: 'business' },
  { id: 'customer-thanks', name: 'Customer thank-you', description: 'Thank a loyal customer and share what comes next.', thumbnailUrl: thumbnail('Customer thank-you', '#db2777', '#f59e0b'), type: 'personal' },
  { id: 'product-launch', name: 'Product launch', description: 'Announce a new product with a clear call to action.', thumbnailUrl: thumbnail('Product launch', '#7c3aed', '#db2777'), type: 'social' },
  { id: 'event-invite', name: 'Event invitation', description: 'Invite contacts to a webinar, a demo day or a visit.', thumbnailUrl: thumbnail('Event invitation', '#f59e0b', '#dc2626'), type: 'social' },
  { id: 'follow-up', name: 'Meeting follow-up', description: 'Recap a meeting and propose the next step.', thumbnailUrl: thumbnail('Meeting follow-up', '#475569', '#0d9488'), type: 'business' },
];

export const TEMPLATES_BY_ID: ReadonlyMap<string, TemplateSummary> = new Map(TEMPLATES.map((t) => [t.id, t]));
