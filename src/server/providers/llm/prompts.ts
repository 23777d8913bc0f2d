// System and user prompts for the OpenAI-compatible adapter, one pair per task.
import type { GenerateRequest, ImproveRequest, InspireRequest, MessageRequest, ScriptLanguage } from './types';

const LANGUAGE_NAMES: Record<ScriptLanguage, string> = { en: 'English', fr: 'French', es: 'Spanish', de: 'German', it: 'Italian', pt: 'Portuguese' };

export type ChatPrompt = { system: string; user: string };

const SPOKEN =
  'The text is spoken aloud by a talking avatar: natural spoken sentences, no headings, no bullet points, no emojis, no hashtags, no stage directions, no quotation marks around the whole text.';
const VARIABLES =
  'Keep placeholders in curly braces, such as {first_name}, {company} and {position}, exactly as written: they are filled in for each contact later.';
const ONLY = 'Reply with the text only, nothing before or after it.';

const line = (label: string, value?: string) => (value?.trim() ? `- ${label}: ${value.trim()}\n` : '');

export function generatePrompt(req: GenerateRequest): ChatPrompt {
  const c = req.campaign;
  const r = req.recipient;
  const recipient = r
    ? `${line('First name', r.firstName ?? r.fullName?.split(/\s+/)[0])}${line('Full name', r.fullName)}${line('Company', r.company)}${line('Position', r.position)}`
    : '- Unknown: address them as {first_name} and refer to their company as {company}.\n';
  return {
    system: [
      'You write scripts for short personalised videos in which a speaker addresses one person directly.',
      `Write in ${LANGUAGE_NAMES[req.language]}, in a ${req.tone} tone.`,
      'Length: 50 to 150 words (20 to 60 seconds when spoken).',
      'Greet the recipient by first name, mention their company when known, present the offer from the campaign details, and end with one clear call to action (the viewer can click a button below the video).',
      SPOKEN,
      VARIABLES,
      ONLY,
    ].join(' '),
    user:
      `Campaign:\n${line('Name', c.name)}${line('Description', c.description)}${line('Sector', c.sector)}${line('Product', c.product)}` +
      `${line('Goal', c.goal)}${line('Call to action', c.callToAction)}${line('Audience', c.audience)}` +
      `Recipient:\n${recipient}` +
      `Speaker:\n${line('Name', req.sender.name) || '- (not given: do not invent a name)\n'}${line('Company', req.sender.company)}`,
  };
}

export function improvePrompt(req: ImproveRequest): ChatPrompt {
  return {
    system: [
      'You edit scripts for short personalised videos spoken by a talking avatar.',
      'Apply the instructions to the script. Keep the script in its own language unless the instructions ask for another one.',
      'Keep it under 5000 characters.',
      SPOKEN,
      VARIABLES,
      ONLY,
    ].join(' '),
    user: `Instructions: ${req.instructions.trim() || 'Polish the script: fix grammar, spelling and punctuation, and keep its meaning and length.'}\n\nScript:\n${req.script}`,
  };
}

export function inspirePrompt(req: InspireRequest): ChatPrompt {
  return {
    system: [
      'You suggest scripts for short personalised outreach videos.',
      `Write in ${LANGUAGE_NAMES[req.language]}, in a ${req.tone} tone, at most ${req.maxLength} characters including spaces.`,
      'Address the viewer as {first_name}. End with a clear call to action.',
      SPOKEN,
      VARIABLES,
      ONLY,
    ].join(' '),
    user: req.inputText.trim()
      ? `Build the script on this idea:\n${req.inputText.trim()}`
      : 'No idea was given: write a warm, general outreach script for a personalised video.',
  };
}

const PLATFORM_STYLE: Record<MessageRequest['platform'], string> = {
  linkedin: 'a LinkedIn message: professional and concise',
  twitter: 'an X (Twitter) direct message: short and casual',
  instagram: 'an Instagram direct message: casual and warm, at most one emoji',
  whatsapp: 'a WhatsApp message: casual and warm, at most one emoji',
  email: "an e-mail body: a greeting line, two short paragraphs, a sign-off with the sender's name",
  google: "an e-mail body: a greeting line, two short paragraphs, a sign-off with the sender's name",
  outlook: "an e-mail body: a greeting line, two short paragraphs, a sign-off with the sender's name",
};

export function messagePrompt(req: MessageRequest): ChatPrompt {
  return {
    system: [
      `Write ${PLATFORM_STYLE[req.platform]}, in ${LANGUAGE_NAMES[req.language]}, at most ${req.maxLength} characters.`,
      'It invites the recipient to watch a short personalised video made for them. Address the recipient as {first_name}, literally.',
      'Do not include a link: it is added automatically. Do not invent facts.',
      ONLY,
    ].join(' '),
    user: `Video title: ${req.videoTitle ?? '(none: call it a personalised video)'}\nSender: ${req.sender.name ?? '(not given)'}`,
  };
}
