// The template catalogue (spec part 2 §3 Template): isomorphic data only. The server renders each
// template's thumbnail and background image (src/domains/templates) at the addresses given here.

export type TemplateType = 'business' | 'social' | 'personal';
export type TemplateAspectRatio = 'landscape' | 'portrait' | 'square';
export type TemplateVariableKind = 'text' | 'avatar' | 'voice';

export type TemplateVariable = {
  defaultValue: string;
  label: string;
  /** avatar and voice variables are satisfied by the wizard's earlier choices (spec §2.1). */
  kind: TemplateVariableKind;
};

export type TemplateBackground = { type: 'color'; value: string } | { type: 'image'; url: string };

export type TemplateSummary = {
  id: string;
  name: string;
  description: string;
  /** Rendered on first request: the template background with its default presenter. */
  thumbnailUrl: string;
  type: TemplateType;
};

export type Template = TemplateSummary & {
  thumbnail: string;
  aspectRatio: TemplateAspectRatio;
  /** Approximate length of the default script, in seconds. */
  duration: number;
  background: TemplateBackground;
  /** Set for image backgrounds (the spec's backgroundUrl). */
  backgroundUrl: string | null;
  avatarGender: 'male' | 'female';
  /**
   * `{name}` placeholders. Recipient variables (`{first_name}`, `{company}`, `{position}`: the
   * contact's) stay placeholders in the video and are filled per recipient, their default being
   * the fallback; the others (`{call_to_action}`, `{our_company}`) are the sender's words, filled in.
   */
  script: string;
  variables: Record<string, TemplateVariable>;
};

/** Spoken words per second of the local voices at their default rate, for the duration estimate. */
const WORDS_PER_SECOND = 2.6;

const text = (label: string, defaultValue: string): TemplateVariable => ({ label, defaultValue, kind: 'text' });

function template(
  t: Omit<Template, 'thumbnail' | 'thumbnailUrl' | 'duration' | 'backgroundUrl' | 'variables' | 'background'> & {
    background: { color: string } | 'image';
    avatar: string;
    voice: string;
    variables: Record<string, TemplateVariable>;
  },
): Template {
  const thumbnailUrl = `/api/templates/${t.id}/thumbnail.png`;
  const background: TemplateBackground =
    t.background === 'image' ? { type: 'image', url: `/api/templates/${t.id}/background.png` } : { type: 'color', value: t.background.color };
  const variables: Record<string, TemplateVariable> = {
    ...t.variables,
    avatar: { label: 'Avatar', defaultValue: t.avatar, kind: 'avatar' },
    voice: { label: 'Voice', defaultValue: t.voice, kind: 'voice' },
  };
  const spoken = fillTemplate(t.script, Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, v.defaultValue])));
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    thumbnailUrl,
    thumbnail: thumbnailUrl,
    type: t.type,
    aspectRatio: t.aspectRatio,
    duration: Math.max(1, Math.round(spoken.split(/\s+/).filter(Boolean).length / WORDS_PER_SECOND)),
    background,
    backgroundUrl: background.type === 'image' ? background.url : null,
    avatarGender: t.avatarGender,
    script: t.script,
    variables,
  };
}

export type TemplateValues = ReadonlyMap<string, string | undefined> | Readonly<Record<string, string | undefined>>;

/** A declared value only: `{constructor}` or `{toString}` must not find Object.prototype's. */
export function declaredValue(values: TemplateValues, name: string): string | undefined {
  if (values instanceof Map) return values.get(name);
  const record = values as Readonly<Record<string, string | undefined>>;
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

/** Replaces `{name}` (and `{{name}}`) with the value; unknown names stay as written. */
export function fillTemplate(script: string, values: TemplateValues): string {
  return script.replace(/\{\{?\s*([a-z_][a-z0-9_]*)\s*(?:\|[^{}]*)?\}?\}/gi, (whole, name: string) => {
    const value = declaredValue(values, name) ?? declaredValue(values, name.toLowerCase());
    return typeof value === 'string' ? value : whole;
  });
}

/** Placeholders a script uses, in order of first use. */
export function templateVariablesOf(script: string): string[] {
  return [...new Set([...script.matchAll(/\{\{?\s*([a-z_][a-z0-9_]*)\s*(?:\|[^{}]*)?\}?\}/gi)].map((m) => m[1] as string))];
}

const FIRST_NAME = text('First name', 'there');
const COMPANY = text('Company', 'your company');

export const TEMPLATE_CATALOGUE: readonly Template[] = [
  template({
    id: 'sales-intro',
    name: 'Sales introduction',
    description: 'Introduce yourself and your offer to a prospect by name.',
    type: 'business',
    aspectRatio: 'landscape',
    background: 'image',
    avatarGender: 'female',
    avatar: 'stock-0',
    voice: 'local-en-female',
    script: 'Hi {first_name}, I noticed the great work {company} is doing. We help teams like yours win more deals with personal videos. {call_to_action}',
    variables: { first_name: FIRST_NAME, company: COMPANY, call_to_action: text('Call to action', 'Can we book fifteen minutes this week?') },
  }),
  template({
    id: 'recruitment',
    name: 'Recruitment outreach',
    description: 'Invite a candidate to talk about an open position.',
    type: 'business',
    aspectRatio: 'landscape',
    background: { color: '#0f766e' },
    avatarGender: 'male',
    avatar: 'stock-1',
    voice: 'local-en-male',
    script: 'Hello {first_name}, I am hiring a {role} at {our_company} and your profile stood out. {call_to_action}',
    variables: {
      first_name: FIRST_NAME,
      role: text('Role', 'product designer'),
      our_company: text('Your company', 'our company'),
      call_to_action: text('Call to action', 'Would you be open to a short call?'),
    },
  }),
  template({
    id: 'customer-thanks',
    name: 'Customer thank-you',
    description: 'Thank a loyal customer and share what comes next.',
    type: 'personal',
    aspectRatio: 'square',
    background: 'image',
    avatarGender: 'female',
    avatar: 'stock-4',
    voice: 'local-en-female',
    script: 'Dear {first_name}, thank you for choosing {our_company}. It means a lot to our whole team. {call_to_action}',
    variables: {
      first_name: FIRST_NAME,
      our_company: text('Your company', 'us'),
      call_to_action: text('Call to action', 'Your loyalty gift is waiting in your account.'),
    },
  }),
  template({
    id: 'product-launch',
    name: 'Product launch',
    description: 'Announce a new product with a clear call to action.',
    type: 'social',
    aspectRatio: 'portrait',
    background: 'image',
    avatarGender: 'male',
    avatar: 'stock-3',
    voice: 'local-en-male',
    script: 'Hi {first_name}! Today {our_company} launches {product}. It was built for people exactly like you. {call_to_action}',
    variables: {
      first_name: FIRST_NAME,
      our_company: text('Your company', 'our team'),
      product: text('Product', 'something new'),
      call_to_action: text('Call to action', 'Tap the link to try it free.'),
    },
  }),
  template({
    id: 'event-invite',
    name: 'Event invitation',
    description: 'Invite contacts to a webinar, a demo day or a visit.',
    type: 'social',
    aspectRatio: 'square',
    background: { color: '#7c2d12' },
    avatarGender: 'female',
    avatar: 'stock-6',
    voice: 'local-en-female',
    script: 'Hello {first_name}, you are invited to {event} on {date}. We saved a seat for {company}. {call_to_action}',
    variables: {
      first_name: FIRST_NAME,
      event: text('Event', 'our live demo'),
      date: text('Date', 'Thursday'),
      company: COMPANY,
      call_to_action: text('Call to action', 'Reply to confirm your place.'),
    },
  }),
  template({
    id: 'follow-up',
    name: 'Meeting follow-up',
    description: 'Recap a meeting and propose the next step.',
    type: 'business',
    aspectRatio: 'landscape',
    background: { color: '#1e293b' },
    avatarGender: 'male',
    avatar: 'stock-5',
    voice: 'local-en-male',
    script: 'Hi {first_name}, thanks again for our conversation about {company}. As promised, here is a short recap. {call_to_action}',
    variables: { first_name: FIRST_NAME, company: COMPANY, call_to_action: text('Call to action', 'Shall we schedule the next step?') },
  }),
  template({
    id: 'story-welcome',
    name: 'Welcome story',
    description: 'A vertical welcome message for new customers, made for stories and mobile.',
    type: 'personal',
    aspectRatio: 'portrait',
    background: { color: '#4338ca' },
    avatarGender: 'female',
    avatar: 'stock-8',
    voice: 'local-en-female',
    script: 'Welcome aboard, {first_name}! Everyone at {our_company} is glad you are here. {call_to_action}',
    variables: {
      first_name: FIRST_NAME,
      our_company: text('Your company', 'our company'),
      call_to_action: text('Call to action', 'Open the app to take the two minute tour.'),
    },
  }),
];

/** The dashboard's list (kept as TEMPLATES: every template is a summary too). */
export const TEMPLATES: readonly Template[] = TEMPLATE_CATALOGUE;
export const TEMPLATES_BY_ID: ReadonlyMap<string, Template> = new Map(TEMPLATE_CATALOGUE.map((t) => [t.id, t]));
