// The script assistant: normalises what the wizard sends (campaign, recipient, tone,
// language), asks the configured LLM provider, and holds every answer to the limits.
import { AppError } from '../../server/http/app-error';
import { fitToLength, lowerFirst } from '../../server/providers/llm/text';
import type { CampaignBrief, LlmProvider, RecipientBrief, ScriptLanguage, ScriptTone, SenderBrief } from '../../server/providers/llm/types';
import { LANGUAGES } from '../settings/schemas';
import {
  INSPIRE_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  SCRIPT_MAX_LENGTH,
  SCRIPT_MESSAGES,
  type TGenerateScript,
  type TImproveScript,
  type TInspireMessage,
  type TInspireScript,
} from './schemas';

/** Who speaks the script, and in which language by default: taken from the signed-in user. */
export type ScriptAuthor = { name?: string; company?: string; language: ScriptLanguage };

type UserLike = { fullName?: string | null; companyName?: string | null; settings?: { language?: string } | null };

export function authorOf(user: UserLike): ScriptAuthor {
  const language = (LANGUAGES as readonly string[]).includes(user.settings?.language ?? '') ? (user.settings!.language as ScriptLanguage) : 'en';
  return { name: user.fullName?.trim() || undefined, company: user.companyName?.trim() || undefined, language };
}

const TONE_WORDS: [ScriptTone, RegExp][] = [
  ['friendly', /^(friendly|warm|kind|personal|amical|chaleureux|amigable|cercano|freundlich|amichevole|amigavel|amigável)/],
  ['enthusiastic', /^(enthusias|excit|energ|upbeat|enthousias|entusias|begeister|dynami)/],
  ['casual', /^(casual|informal|informel|relax|conversational|d[ée]contract|locker)/],
  ['persuasive', /^(persuas|convinc|convainc|compelling|sales|[üu]berzeug)/],
  ['professional', /^(profes|professionnel|formal|formel|business)/],
];

/** friendly, professional, enthusiastic, casual, persuasive or a synonym in any of the six languages; otherwise professional. */
export function normaliseTone(tone?: string | null): ScriptTone {
  const t = tone?.trim().toLowerCase() ?? '';
  return TONE_WORDS.find(([, re]) => re.test(t))?.[0] ?? 'professional';
}

const first = (...values: (string | null | undefined)[]) => values.find((v) => !!v?.trim())?.trim() || undefined;

export function campaignBrief(details: TGenerateScript['campaignDetails']): CampaignBrief {
  if (typeof details === 'string') return { description: details };
  return {
    name: first(details.name, details.title),
    description: first(details.description),
    sector: first(details.sector, details.industry),
    product: first(details.product),
    goal: first(details.goal, details.objective),
    callToAction: first(details.callToAction, details.cta, details.ctaLabel),
    audience: first(details.audience, details.targetAudience),
  };
}

const CONNECTOR = /\s+(?:at|from|chez|bei|presso|@)\s+/i;

/** "Marie Curie", "Marie Curie, CTO at Acme", "Marie Curie (Acme)" or an object → a recipient; nothing → null. */
export function recipientBrief(r: TGenerateScript['recipient']): RecipientBrief | null {
  if (!r) return null;
  if (typeof r === 'string') {
    if (!r) return null;
    let name = r;
    let company: string | undefined;
    let position: string | undefined;
    const paren = /^(.+?)\s*\((.+)\)$/.exec(r);
    if (paren) [name, company] = [paren[1], paren[2]];
    else if (CONNECTOR.test(r)) {
      const at = r.search(CONNECTOR);
      [name, company] = [r.slice(0, at), r.slice(at).replace(CONNECTOR, '')];
      const comma = name.indexOf(',');
      if (comma > 0) [name, position] = [name.slice(0, comma), name.slice(comma + 1)];
    } else if (r.includes(',')) {
      const comma = r.indexOf(',');
      [name, company] = [r.slice(0, comma), r.slice(comma + 1)];
    }
    return { fullName: first(name), firstName: first(name)?.split(/\s+/)[0], company: first(company), position: first(position) };
  }
  const fullName = first(r.fullName, r.name, [r.firstName ?? r.first_name, r.lastName].filter(Boolean).join(' '));
  const out: RecipientBrief = {
    fullName,
    firstName: first(r.firstName, r.first_name, fullName?.split(/\s+/)[0]),
    company: first(r.company, r.companyName),
    position: first(r.position, r.jobTitle),
  };
  return out.fullName || out.company || out.position ? out : null;
}

/** Provider failures keep their code and explanation, prefixed by the spec's toast title. */
async function ask(failure: string, max: number, call: () => Promise<string>): Promise<string> {
  let out: string;
  try {
    out = await call();
  } catch (err) {
    if (err instanceof AppError)
      throw new AppError(err.code, `${failure}: ${lowerFirst(err.message)}`, { retryable: err.retryable, details: err.details, cause: err });
    throw new AppError('INTERNAL', failure, { cause: err });
  }
  const text = out?.trim();
  if (!text) throw new AppError('UNAVAILABLE', `${failure}: the assistant returned an empty text`);
  return fitToLength(text, max);
}

type Opts<T> = { llm: LlmProvider; author: ScriptAuthor; input: T };

const sender = (author: ScriptAuthor, name?: string | null): SenderBrief => ({ name: first(name, author.name), company: author.company });

export async function generateScript({ llm, author, input }: Opts<TGenerateScript>): Promise<{ script: string }> {
  const campaign = campaignBrief(input.campaignDetails);
  const fromObject = typeof input.campaignDetails === 'object' ? input.campaignDetails : null;
  const script = await ask(SCRIPT_MESSAGES.generateFailed, SCRIPT_MAX_LENGTH, () =>
    llm.generateScript({
      campaign,
      recipient: recipientBrief(input.recipient),
      sender: sender(author, fromObject?.senderName),
      tone: normaliseTone(input.tone ?? fromObject?.tone),
      language: input.language ?? author.language,
    }),
  );
  return { script };
}

export async function improveScript({ llm, author, input }: Opts<TImproveScript>): Promise<{ script: string }> {
  // The schema already refuses it; services are also called directly.
  if (!input.originalScript?.trim()) throw new AppError('INVALID_INPUT', SCRIPT_MESSAGES.noScript);
  const script = await ask(SCRIPT_MESSAGES.enhanceFailed, SCRIPT_MAX_LENGTH, () =>
    llm.improveScript({ script: input.originalScript, instructions: input.instructions ?? '', language: input.language ?? author.language }),
  );
  return { script };
}

export async function inspireScript({ llm, author, input }: Opts<TInspireScript>): Promise<{ script: string }> {
  const maxLength = Math.min(input.maxLength ?? INSPIRE_MAX_LENGTH, INSPIRE_MAX_LENGTH);
  const script = await ask(SCRIPT_MESSAGES.inspireFailed, maxLength, () =>
    llm.inspireScript({
      inputText: input.inputText ?? '',
      tone: normaliseTone(input.tone),
      maxLength,
      language: input.language ?? author.language,
      sender: sender(author),
    }),
  );
  return { script };
}

export const DEFAULT_VIDEO_TITLE = 'personalized video';

export async function inspireMessage({ llm, author, input }: Opts<TInspireMessage>): Promise<{ message: string }> {
  const platform = input.platform ?? 'linkedin';
  const title = input.videoTitle?.trim();
  const maxLength = MESSAGE_MAX_LENGTH[platform];
  const message = await ask(SCRIPT_MESSAGES.inspireFailed, maxLength, () =>
    llm.inspireMessage({
      videoTitle: title && title.toLowerCase() !== DEFAULT_VIDEO_TITLE ? title : null,
      platform,
      maxLength,
      language: input.language ?? author.language,
      sender: sender(author),
    }),
  );
  return { message };
}
