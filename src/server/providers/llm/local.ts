// The offline script composer: builds a spoken script from phrase templates, the
// campaign brief, the recipient and the tone. Deterministic: every choice between
// variants is a hash of the request, so the same input always gives the same script.
import { improveLocally } from './improve';
import { GREETING_START, PHRASES, toneText, type Phrases, type ToneText } from './phrases';
import { asSentence, fill, fitToLength, hash, inline, joinParagraphs, lowerFirst, pick, splitSentences, wordCount } from './text';
import type { GenerateRequest, InspireRequest, LlmProvider, MessagePlatform, MessageRequest } from './types';

// A spoken script of 20–60 s at about 150 words a minute.
export const MIN_WORDS = 55;
export const MAX_WORDS = 150;
const MAX_CHARS = 5000;

type Part = { text: string; para: number; prio: number };

function sectorLabel(p: Phrases, sector: string | undefined): string | undefined {
  if (!sector) return undefined;
  const key = inline(sector).toLowerCase();
  if (!key || key === 'other') return undefined;
  // The sector is free text: `constructor` must not find Object.prototype's.
  if (p.sectors && Object.hasOwn(p.sectors, key)) return p.sectors[key];
  return p.lowerSector ? key : inline(sector);
}

export function composeParts(req: GenerateRequest): Part[] {
  const p = PHRASES[req.language] ?? PHRASES.en;
  const seed = JSON.stringify(req);
  const t = (entry: ToneText, slot: string) => pick(toneText(entry, req.tone), seed, slot);
  const { campaign, recipient, sender } = req;

  const name = recipient?.firstName || recipient?.fullName?.split(/\s+/)[0] || '{first_name}';
  // Without a recipient the script stays a template, personalised per contact later.
  const company = recipient ? recipient.company : '{company}';
  const position = recipient?.position;
  const cta = campaign.callToAction ? inline(campaign.callToAction) : '';
  const goal = campaign.goal ? inline(campaign.goal) : '';
  const vars: Record<string, string | undefined> = {
    name,
    company: company && inline(company),
    position: position && inline(position),
    sector: sectorLabel(p, campaign.sector),
    sender: sender.name && inline(sender.name),
    senderCompany: sender.company && inline(sender.company),
    campaign: campaign.name && inline(campaign.name),
    product: campaign.product && inline(campaign.product),
    cta,
    cta_lc: req.language === 'de' ? cta : lowerFirst(cta),
    goal,
    goal_lc: req.language === 'de' ? goal : lowerFirst(goal),
  };
  const parts: Part[] = [];
  const add = (text: string, para: number, prio: number) => parts.push({ text: fill(text, vars), para, prio });

  let description = campaign.description ? splitSentences(campaign.description).map(asSentence) : [];
  // A short phrase ("A webinar on AI") reads better as the subject than as a sentence of its own.
  if (!vars.campaign && description.length === 1 && wordCount(description[0]) <= 8 && !/[.!?…]$/u.test(campaign.description?.trim() ?? '')) {
    vars.campaign = req.language === 'de' ? inline(description[0]) : lowerFirst(inline(description[0]));
    description = [];
  }
  // A description that already opens with a greeting replaces ours.
  if (!GREETING_START.test(description[0] ?? '')) add(t(p.greeting, 'greeting'), 0, 9);
  if (vars.sender && vars.senderCompany) add(pick(p.intro.full, seed, 'intro'), 0, 6);
  else if (vars.sender) add(pick(p.intro.nameOnly, seed, 'intro'), 0, 6);
  else if (vars.senderCompany) add(pick(p.intro.companyOnly, seed, 'intro'), 0, 6);
  add(t(p.personal, 'personal'), 0, 4);

  if (vars.campaign) add(pick(p.campaign, seed, 'campaign'), 1, 3);
  if (vars.company && vars.position) add(pick(p.hookPosition, seed, 'hook'), 1, 5);
  else if (vars.company) add(t(p.hookCompany, 'hook'), 1, 5);
  else if (vars.sector) add(pick(p.hookSector, seed, 'hook'), 1, 5);
  else add(t(p.hookGeneric, 'hook'), 1, 5);
  if (vars.company && vars.sector) add(pick(p.hookSector, seed, 'sector'), 1, 3);
  for (const [i, s] of description.entries()) parts.push({ text: s, para: 1, prio: i === 0 ? 10 : Math.max(2, 8 - i) });
  if (vars.product) add(pick(description.length ? p.productAfter : p.productAlone, seed, 'product'), 1, 6);
  if (goal) add(pick(p.goal, seed, 'goal'), 1, 3);

  add(cta ? t(p.cta, 'cta') : t(p.ctaDefault, 'cta'), 2, 9);
  add(t(p.closing, 'closing'), 2, 7);

  // Short briefs are padded with the tone's filler lines, just before the call to action.
  const fillers = toneText(p.fillers, req.tone);
  const start = hash(`${seed}|fillers`) % fillers.length;
  for (let i = 0; i < fillers.length && words(parts) < MIN_WORDS; i++) {
    const at = parts.findIndex((x) => x.para === 2);
    parts.splice(at, 0, { text: fillers[(start + i) % fillers.length], para: 1, prio: 1 });
  }
  return parts;
}

const words = (parts: Part[]) => parts.reduce((n, x) => n + wordCount(x.text), 0);

/** Drops the least important parts (latest first among equals) until the script fits. */
export function fitParts(parts: Part[], limits: { maxWords?: number; maxChars?: number }): Part[] {
  const kept = [...parts];
  const fits = () => (!limits.maxWords || words(kept) <= limits.maxWords) && (!limits.maxChars || joinParagraphs(kept).length <= limits.maxChars);
  while (!fits() && kept.length > 1) {
    let drop = 0;
    for (let i = 1; i < kept.length; i++) if (kept[i].prio <= kept[drop].prio) drop = i;
    kept.splice(drop, 1);
  }
  return kept;
}

export function composeScript(req: GenerateRequest): string {
  return fitToLength(joinParagraphs(fitParts(composeParts(req), { maxWords: MAX_WORDS, maxChars: MAX_CHARS })), MAX_CHARS);
}

export function composeInspiration(req: InspireRequest): string {
  const parts = composeParts({
    campaign: { description: req.inputText },
    recipient: null,
    sender: req.sender,
    tone: req.tone,
    language: req.language,
  });
  return fitToLength(joinParagraphs(fitParts(parts, { maxWords: MAX_WORDS, maxChars: req.maxLength })), req.maxLength);
}

const MESSAGE_KIND: Record<MessagePlatform, keyof Phrases['message']> = {
  linkedin: 'linkedin',
  twitter: 'twitter',
  instagram: 'casual',
  whatsapp: 'casual',
  email: 'email',
  google: 'email',
  outlook: 'email',
};

export function composeMessage(req: MessageRequest): string {
  const m = (PHRASES[req.language] ?? PHRASES.en).message;
  const title = req.videoTitle ? inline(req.videoTitle) : '';
  const video = title ? fill(m.videoTitled, { title }) : m.video;
  const text = fill(m[MESSAGE_KIND[req.platform]], { name: '{first_name}', video, sender: req.sender.name ? inline(req.sender.name) : '' });
  return fitToLength(text.replace(/\n+$/, '').trimEnd(), req.maxLength);
}

export function createLocalComposer(): LlmProvider {
  return {
    name: 'local',
    generateScript: async (req) => composeScript(req),
    improveScript: async (req) => improveLocally(req),
    inspireScript: async (req) => composeInspiration(req),
    inspireMessage: async (req) => composeMessage(req),
  };
}
