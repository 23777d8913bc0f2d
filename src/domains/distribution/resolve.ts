import { invalidInput } from '../../server/http/app-error';
import { fallbacksFor, hasVariables, recipientLanguage, resolveText, variablesOf, type RecipientLanguage } from '../../shared/variables';
import type { VideoRow } from '../videos/tables';
import { defaultMessage, emailSubject } from './messages';
import type { Candidate } from './recipients';
import { DISTRIBUTION_MESSAGES as M, type TDistribute } from './schemas';
import { splitScript, type ScriptSplit } from './variables';

// What each recipient gets, resolved once when the distribution is created (issue 10 §2, §4):
// the opening their video speaks, the message, the title, and the value every variable took,
// from the same values and the same fallbacks, so the landing page, the voice, the captions,
// the images and the e-mail agree. A variable someone would get no value for refuses the send.

/** A custom column holding the image to put behind the presenter for that recipient. */
export const BACKGROUND_COLUMN = 'background_url';

export type SendPlan = {
  /** Personalised: the script's personal and shared parts; null: the video as it is. */
  split: ScriptSplit | null;
  /** Why the video is sent as it is, when its script has variables. */
  sharedBecause: 'noVariables' | 'notRendered' | null;
  fallbacks: Record<string, string | null>;
  title: string;
  /** The e-mail's subject with its variables and {video_title}; null: the built-in one. */
  subject: string | null;
  /** The sender's message; else the default one in the video's language (each recipient gets it in theirs). */
  message: string;
  typedMessage: boolean;
  /** The video's language: its fallbacks, and the e-mail and page of a recipient with no language of their own. */
  language: RecipientLanguage;
  variables: string[];
};

/** The language a video speaks: stored when rendered, else read from a local voice's id (`local-fr-…`), else English. */
export const videoLanguage = (video: Pick<VideoRow, 'language' | 'voiceId'>): RecipientLanguage =>
  recipientLanguage(video.language ?? /^local-([a-z]{2})-/.exec(video.voiceId ?? '')?.[1]);

/** The subject's own placeholder: the video's title as this recipient gets it. */
export const TITLE_VARIABLE = 'video_title';

/**
 * Personalised by default: a video rendered in the app whose script (the request's, else its own)
 * has variables is personalised for every recipient; one without variables is sent as it is.
 */
export function planSend(
  video: VideoRow,
  input: Pick<TDistribute, 'personalizeVideo' | 'script' | 'message' | 'subject' | 'title'>,
  rendered: boolean,
): SendPlan {
  const script = (input.script ?? video.script ?? '').trim();
  const withVariables = hasVariables(script);
  if (input.personalizeVideo === true) {
    if (!rendered) throw invalidInput(M.notPersonalisable);
    if (!script) throw invalidInput(M.noScript);
    if (!withVariables) throw invalidInput(M.noVariables);
  }
  if (input.personalizeVideo === false && withVariables && rendered) throw invalidInput(M.alwaysPersonal);
  const split = withVariables && rendered ? splitScript(script) : null;
  const language = videoLanguage(video);
  const typed = input.message?.trim();
  // The title typed in the send step is the one recipients get (saved on the video as it is sent).
  const title = input.title?.trim() || video.title;
  const message = typed || defaultMessage(title, undefined, language);
  const subject = input.subject?.trim() || null;
  return {
    split,
    sharedBecause: split ? null : withVariables ? 'notRendered' : 'noVariables',
    fallbacks: fallbacksFor(video.variableFallbacks, language),
    title,
    subject,
    message,
    typedMessage: !!typed,
    language,
    variables: [
      ...new Set([...variablesOf(split?.head), ...variablesOf(message), ...variablesOf(title), ...variablesOf(subject)].filter((v) => v !== TITLE_VARIABLE)),
    ],
  };
}

/** A variable some recipients would get no value for: how many of how many, a few of their names. */
export type Problem = { variable: string; missing: number; of: number; examples: string[]; message: string };

const quoted = (names: string[]) => names.slice(0, 3).join(', ') + (names.length > 3 ? ', …' : '');

/** Variables some recipient would get no value for (no value of theirs, no fallback). */
export function variableProblems(plan: SendPlan, candidates: Candidate[]): Problem[] {
  const texts = [plan.split?.head ?? '', plan.message, plan.title, plan.subject ?? ''].filter(hasVariables);
  if (!texts.length) return [];
  const missing = new Map<string, { n: number; names: string[] }>();
  const people = new Map(candidates.map((c) => [c.recipientKey, c]));
  for (const c of people.values()) {
    const vars = { ...c.vars, [TITLE_VARIABLE]: plan.title };
    const gaps = new Set(texts.flatMap((t) => resolveText(t, vars, plan.fallbacks).missing));
    for (const v of gaps) {
      const m = missing.get(v) ?? { n: 0, names: [] };
      m.n++;
      if (m.names.length < 4) m.names.push(c.name || c.address);
      missing.set(v, m);
    }
  }
  return [...missing].map(([variable, m]) => ({
    variable,
    missing: m.n,
    of: people.size,
    examples: m.names.slice(0, 3),
    message:
      m.n === people.size
        ? `{${variable}} has no value for any selected contact and no fallback: add a "${variable}" column to the contact list or a fallback to the video`
        : `{${variable}} has no value for ${m.n} of ${people.size} recipients (${quoted(m.names)}) and no fallback: fill it in or add a fallback to the video`,
  }));
}

/** Refuses the send (400, before anything is written or queued) naming every such variable. */
export function assertResolvable(plan: SendPlan, candidates: Candidate[]) {
  const problems = variableProblems(plan, candidates);
  if (problems.length) throw invalidInput(problems.map((p) => p.message).join('. '));
}

export type RecipientTexts = {
  /** What their video says in each personal part, in order (personalised sends). */
  texts: string[] | null;
  /** Those parts' texts joined (what their video says that others' do not). */
  head: string | null;
  message: string;
  subject: string;
  /** The value each variable took, the first name's included (the landing page's greeting). */
  values: Record<string, string>;
  /** Their e-mail images' headline: their own name when there is one. */
  headline: string;
  /** Their own background image (custom column), personalised sends only. */
  background: string | null;
  /** Their e-mail's and landing page's language: the contact's, else the video's. */
  language: RecipientLanguage;
};

/** A subject typed in the send step, for one recipient: their values, and {video_title} their title. */
const subjectFor = (subject: string, vars: Candidate['vars'], title: string, fallbacks: SendPlan['fallbacks']) =>
  resolveText(subject, { ...vars, [TITLE_VARIABLE]: title }, fallbacks).text;

export function resolveFor(plan: SendPlan, c: Candidate, platform = c.platform): RecipientTexts {
  const language = c.language ?? plan.language;
  const parts = plan.split ? plan.split.parts.filter((p) => p.personal).map((p) => resolveText(p.text, c.vars, plan.fallbacks)) : null;
  const message = resolveText(plan.typedMessage ? plan.message : defaultMessage(plan.title, undefined, language), c.vars, plan.fallbacks);
  const title = resolveText(plan.title, c.vars, plan.fallbacks);
  const greeting = resolveText('{first_name}', c.vars, plan.fallbacks).used;
  const values = Object.assign({ ...greeting, ...title.used, ...message.used }, ...(parts ?? []).map((p) => p.used));
  const first = c.vars.first_name?.trim() || null;
  const background = plan.split ? c.vars[BACKGROUND_COLUMN]?.trim() || null : null;
  return {
    texts: parts?.map((p) => p.text) ?? null,
    head: parts?.map((p) => p.text).join(' ') ?? null,
    message: message.text,
    subject:
      platform !== 'email' ? '' : plan.subject ? subjectFor(plan.subject, c.vars, title.text, plan.fallbacks) : emailSubject(first, title.text, language),
    values,
    headline: first ? `${first}, this video is for you` : 'A video for you',
    background,
    language,
  };
}
