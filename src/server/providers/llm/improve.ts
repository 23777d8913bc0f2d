// Local script improvement: recognises what the instructions ask for (the four
// suggestions the wizard offers and common free-text requests, in en/fr/es and
// roughly in de/it/pt), applies it deterministically, then polishes the result.
import { GREETING_START, PHRASES, toneText } from './phrases';
import { fill, fitToLength, joinParagraphs, polish, splitSentences } from './text';
import type { ImproveRequest, ScriptLanguage, ScriptTone } from './types';

export type Intent = 'concise' | 'expand' | 'persuasive' | 'cta' | 'friendly' | 'professional' | 'enthusiastic' | 'casual';

const INTENTS: [Intent, RegExp][] = [
  [
    'concise',
    /\b(concis|shorter|shorten|short|brief|succinct|condens|trim|tighten|cut|less wordy|fewer words|summar|raccourc|plus court|resum|corto|acort|breve|reduc|kurz|accorc|curto|encurt)/,
  ],
  [
    'expand',
    /\b(longer|lengthen|expand|elaborat|more detail|plus long|allong|develop|detaill|mas largo|alarg|desarroll|detall|langer|ausfuhrlich|piu lung|allung|mais longo)/,
  ],
  ['persuasive', /\b(persua|convinc|convainc|compelling|sell|salesy|urgen|uberzeug)/],
  [
    'cta',
    /\b(call[ -]to[ -]action|cta|next step|clear ask|appel a l.action|incitation a l.action|llamad[ao] a la accion|handlungsaufforderung|invito all.azione|chamada para a acao)/,
  ],
  [
    'friendly',
    /\b(friend|personal|warm|kind|approachable|amical|chaleur|personnel|personnalis|sympa|amigabl|cercan|calid|freundlich|personlich|amichevol|calor|amigavel|pessoal)/,
  ],
  ['professional', /\b(profes?sion|profissional|formal|formel|formell|serious|serieux)/],
  ['enthusiastic', /\b(enthusias|enthousias|entusias|begeister|excit|energ|upbeat|dynami|punch)/],
  ['casual', /\b(casual|informal|informel|relax|relaj|conversational|decontract|locker|laid[ -]back)/],
];

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function detectIntents(instructions: string): Intent[] {
  const text = fold(instructions);
  return INTENTS.filter(([, re]) => re.test(text)).map(([intent]) => intent);
}

const STOPWORDS: Record<ScriptLanguage, string[]> = {
  en: ['the', 'and', 'you', 'your', 'to', 'is', 'this', 'with', 'for', 'i', 'we', 'it', 'of'],
  fr: ['le', 'la', 'les', 'et', 'vous', 'votre', 'est', 'je', 'pour', 'avec', 'des', 'une', 'nous', 'du', 'ce'],
  es: ['el', 'los', 'las', 'y', 'tu', 'es', 'para', 'con', 'que', 'una', 'este', 'por', 'del', 'te'],
  de: ['der', 'die', 'und', 'sie', 'ihr', 'ist', 'ich', 'für', 'mit', 'das', 'ein', 'eine', 'nicht', 'wir'],
  it: ['il', 'e', 'che', 'per', 'con', 'sono', 'questo', 'una', 'ti', 'di', 'non', 'gli', 'della'],
  pt: ['o', 'e', 'você', 'para', 'com', 'que', 'uma', 'este', 'seu', 'sua', 'não', 'os', 'do', 'da'],
};

/** The script's own language when it is clear, otherwise the user's. */
export function detectLanguage(script: string, fallback: ScriptLanguage): ScriptLanguage {
  const words = (script.toLowerCase().match(/\p{L}+/gu) ?? []).slice(0, 400);
  let best: ScriptLanguage = fallback;
  let bestScore = 2;
  for (const lang of Object.keys(STOPWORDS) as ScriptLanguage[]) {
    const set = new Set(STOPWORDS[lang]);
    const score = words.filter((w) => set.has(w)).length;
    if (score > bestScore || (score === bestScore && lang === fallback && score > 2)) [best, bestScore] = [lang, score];
  }
  return best;
}

const CTA_CUE =
  /\b(click|book|schedule|reply|call me|get in touch|sign up|register|visit|contact|button|cliqu|reserv|repond|inscri|bouton|haz clic|clic|responde|escribe|boton|klicken|antworten|buchen|schaltflache|clicca|rispondi|prenota|pulsante|agende|responda|botao)/;
/** What the recipient is offered (a price, a discount, a trial, a demo): a shorter script keeps it, whatever else goes. */
const OFFER_CUE =
  /(\d\s*%|[$€£]\s*\d|\d\s*[$€£]|\b(offer|discount|free|trial|demo|price|pricing|save|saving|deal|promo|coupon|bonus|gift|limited|exclusive|special|off the|offre|remise|reduction|gratuit|essai|demonstration|prix|tarif|economis|promo|cadeau|exclusi|oferta|descuento|gratis|prueba|precio|ahorr|regalo|promocion|angebot|rabatt|kostenlos|sconto|gratuito|prova|offerta|desconto|gratuita|teste))/;
const CLOSING_CUE =
  /\b(thank|thanks|cheers|regards|talk soon|merci|a bientot|a tres bientot|cordialement|gracias|hablamos|saludo|danke|grusse|bis bald|grazie|a presto|obrigad|valeu|agradeco|ate breve|ate mais)/;

type Sent = { text: string; para: number };

function toSentences(script: string): Sent[] {
  return script.split(/\n\s*\n/).flatMap((para, i) => splitSentences(para).map((text) => ({ text, para: i })));
}

const has = (sents: Sent[], text: string) => sents.some((s) => fold(s.text) === fold(text));

/** Where lines go that belong before the ending: before trailing closing (and, if asked, call-to-action) sentences. */
function endIndex(sents: Sent[], includeCta: boolean): number {
  let i = sents.length;
  while (i > 1) {
    const t = fold(sents[i - 1].text);
    if (CLOSING_CUE.test(t) || (includeCta && CTA_CUE.test(t))) i--;
    else break;
  }
  return i;
}

function insertAt(sents: Sent[], index: number, text: string) {
  const para = sents[Math.min(index, sents.length - 1)]?.para ?? sents[index - 1]?.para ?? 0;
  sents.splice(index, 0, { text, para });
}

// English word-level rewrites; other languages get the sentence-level changes only.
const EN_FILLER_WORDS = /\b(really|very|just|actually|basically|truly|quite|definitely|literally|honestly|simply)\s+/gi;
const EN_WORDY: [RegExp, string][] = [
  [/\bin order to\b/gi, 'to'],
  [/\bdue to the fact that\b/gi, 'because'],
  [/\bat this point in time\b/gi, 'now'],
  [/\bI (?:think|believe|feel) that\s+/gi, ''],
  [/\bin my opinion,?\s*/gi, ''],
];
const FR_FILLERS = /\b(vraiment|tout simplement|franchement,?|en fait,?)\s+/gi;
const ES_FILLERS = /\b(realmente|simplemente|de verdad|la verdad,?)\s+/gi;
const CONTRACTIONS: [string, string][] = [
  ['I am', "I'm"],
  ['we are', "we're"],
  ['you are', "you're"],
  ['they are', "they're"],
  ['you will', "you'll"],
  ['is not', "isn't"],
  ['are not', "aren't"],
  ['it is', "it's"],
  ['that is', "that's"],
  ['do not', "don't"],
  ['does not', "doesn't"],
  ['cannot', "can't"],
  ['will not', "won't"],
  ['I would', "I'd"],
  ['we would', "we'd"],
  ['I will', "I'll"],
  ['we will', "we'll"],
  ['let us', "let's"],
];

function keepCase(match: string, replacement: string): string {
  return match[0] === match[0].toUpperCase() ? replacement[0].toUpperCase() + replacement.slice(1) : replacement;
}

function mapText(sents: Sent[], fn: (t: string) => string) {
  for (const s of sents)
    s.text = fn(s.text)
      .replace(/\s{2,}/g, ' ')
      .trim();
}

function contract(t: string) {
  for (const [long, short] of CONTRACTIONS) t = t.replace(new RegExp(`\\b${long}\\b`, 'gi'), (m) => keepCase(m, short));
  return t;
}

// "We have a free trial" must not become "We've a free trial": these are only ever expanded.
const EXPAND_ONLY: [string, string][] = [
  ['I have', "I've"],
  ['we have', "we've"],
  ['they have', "they've"],
];

function uncontract(t: string) {
  for (const [long, short] of [...CONTRACTIONS, ...EXPAND_ONLY])
    t = t.replace(new RegExp(`\\b${short.replace("'", "['’]")}(?![\\p{L}])`, 'giu'), (m) => keepCase(m, long));
  return t.replace(/\bgonna\b/gi, 'going to').replace(/\bwanna\b/gi, 'want to');
}

function greetWith(sents: Sent[], word: string) {
  if (sents[0]) sents[0].text = sents[0].text.replace(/^(hi|hello|hey|dear)\b/i, word);
}

function concise(sents: Sent[], lang: ScriptLanguage, fillerLines: Set<string>): Sent[] {
  if (lang === 'en') mapText(sents, (t) => EN_WORDY.reduce((acc, [re, rep]) => acc.replace(re, rep), t).replace(EN_FILLER_WORDS, ''));
  if (lang === 'fr') mapText(sents, (t) => t.replace(FR_FILLERS, ''));
  if (lang === 'es') mapText(sents, (t) => t.replace(ES_FILLERS, ''));
  const unique = sents.filter((s, i) => s.text && sents.findIndex((o) => fold(o.text) === fold(s.text)) === i);
  const n = unique.length;
  if (n < 3) return unique;
  const keep = new Set<number>([0, n - 1]);
  // The call to action and the offer are what the video is for: never cut.
  for (const [i, s] of unique.entries()) if (CTA_CUE.test(fold(s.text)) || OFFER_CUE.test(fold(s.text))) keep.add(i);
  const target = Math.min(n - 1, Math.max(keep.size, Math.ceil(n * 0.6)));
  // Content before padding: known filler lines are dropped first, later sentences before earlier ones.
  const middle = unique.map((_, i) => i).filter((i) => !keep.has(i));
  const ordered = [...middle.filter((i) => !fillerLines.has(fold(unique[i].text))), ...middle.filter((i) => fillerLines.has(fold(unique[i].text)))];
  for (const i of ordered) {
    if (keep.size >= target) break;
    keep.add(i);
  }
  return unique.filter((_, i) => keep.has(i));
}

export function improveLocally(req: ImproveRequest): string {
  const lang = detectLanguage(req.script, req.language);
  const p = PHRASES[lang];
  const intents = new Set(detectIntents(req.instructions));
  const tone: ScriptTone = intents.has('enthusiastic')
    ? 'enthusiastic'
    : intents.has('casual')
      ? 'casual'
      : intents.has('friendly')
        ? 'friendly'
        : intents.has('persuasive')
          ? 'persuasive'
          : 'professional';
  const name = '{first_name}';
  let sents = toSentences(req.script);
  const allFillers = new Set(
    Object.values(PHRASES)
      .flatMap((ph) => (['friendly', 'professional', 'enthusiastic', 'casual', 'persuasive'] as const).flatMap((t) => toneText(ph.fillers, t)))
      .map(fold),
  );
  const firstMissing = (lines: readonly string[]) => lines.find((l) => !has(sents, l));

  if (intents.has('concise')) sents = concise(sents, lang, allFillers);

  if (intents.has('professional')) {
    if (lang === 'en') {
      mapText(sents, (t) => uncontract(t).replace(/!+/g, '.'));
      greetWith(sents, 'Hello');
    }
    mapText(sents, (t) => t.replace(/\s*\p{Extended_Pictographic}\uFE0F?/gu, ''));
  }
  if (intents.has('casual') && lang === 'en') {
    mapText(sents, contract);
    greetWith(sents, 'Hey');
  }
  if (intents.has('friendly')) {
    if (lang === 'en') {
      mapText(sents, contract);
      greetWith(sents, 'Hi');
    }
    if (!GREETING_START.test(sents[0]?.text ?? '')) sents.unshift({ text: fill(toneText(p.greeting, 'friendly')[0], { name }), para: 0 });
    const personal = toneText(p.personal, 'friendly')[0];
    if (!has(sents, personal)) insertAt(sents, 1, personal);
    if (!CLOSING_CUE.test(fold(sents[sents.length - 1]?.text ?? '')))
      sents.push({ text: fill(toneText(p.closing, 'friendly')[0], { name }), para: sents[sents.length - 1]?.para ?? 0 });
  }
  if (intents.has('enthusiastic')) {
    const line = firstMissing(toneText(p.fillers, 'enthusiastic'));
    if (line) insertAt(sents, endIndex(sents, true), line);
    for (const s of [sents[0], sents[sents.length - 1]]) if (s) s.text = s.text.replace(/\.$/, '!');
  }
  if (intents.has('persuasive')) {
    if (lang === 'en')
      mapText(sents, (t) =>
        t
          .replace(/\bI (think|believe)\b/g, "I'm confident")
          .replace(/\b(maybe|perhaps|hopefully),?\s+/gi, '')
          .replace(/\bmight\b/g, 'will')
          .replace(/\bcould help\b/g, 'will help'),
      );
    const line = firstMissing(toneText(p.fillers, 'persuasive'));
    if (line) insertAt(sents, endIndex(sents, true), line);
    if (!sents.some((s) => CTA_CUE.test(fold(s.text)))) insertAt(sents, endIndex(sents, false), toneText(p.ctaDefault, 'persuasive')[0]);
  }
  if (intents.has('expand')) {
    for (const line of toneText(p.fillers, tone)
      .filter((l) => !has(sents, l))
      .slice(0, 2))
      insertAt(sents, endIndex(sents, true), line);
  }
  if (intents.has('cta')) {
    const cta = toneText(p.ctaDefault, tone)[0];
    if (!has(sents, cta)) insertAt(sents, endIndex(sents, false), cta);
  }
  return fitToLength(polish(joinParagraphs(sents), { language: lang }), 5000);
}
