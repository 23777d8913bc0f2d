import type { RecipientLanguage } from '../../shared/variables';
import { esc } from '../social/pages';
import { wordsFor } from './recipient-words';

// What a recipient receives: the e-mail (HTML and text parts) and the social message text.
// Everything that comes from users is escaped; links are the app's own.

export type MessageParts = {
  /** The personalised message (variables already filled). */
  message: string;
  title: string;
  sender: string;
  landingUrl: string;
  unsubscribeUrl: string;
  /** Absolute URL of the poster image (JPEG), when the video has one. */
  thumbnailUrl: string | null;
  /** Absolute URL of the recipient's animated GIF (the poster's motion), when there is one. */
  gifUrl?: string | null;
  /** The recipient's language (decision 226); English when not given. */
  language?: RecipientLanguage | null;
};

/** Today's date as the default message shows it (spec §4: greeting, title and date). */
const today = (d: Date, locale: string) => d.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The spec's default message in the recipient's language, used when the request carries none. */
export function defaultMessage(title: string, d = new Date(), lang?: RecipientLanguage | null) {
  const w = wordsFor(lang);
  return w.message(title, today(d, w.dateLocale));
}

export function emailSubject(firstName: string | null, title: string, lang?: RecipientLanguage | null) {
  return wordsFor(lang).subject(firstName, title);
}

const paragraphs = (text: string) =>
  text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#111827">${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

const IMG_STYLE = 'display:block;width:100%;max-width:512px;height:auto;border:0;border-radius:8px';

/**
 * The thumbnail, linked to the landing page: the animated GIF (its first frame is a complete
 * poster for clients that show only that frame), and the static JPEG for desktop Outlook, which
 * renders HTML with Word and does not animate GIFs, through its conditional comments. Clients that
 * block images show the alt text; the button and the link below work without any image.
 * docs/decisions/102-email-thumbnails.md.
 */
function thumbnail(p: MessageParts): string {
  if (!p.thumbnailUrl) return '';
  const alt = esc(wordsFor(p.language).playAlt(p.title));
  const img = (src: string) => `<img src="${esc(src)}" width="512" alt="${alt}" style="${IMG_STYLE}">`;
  const inner = p.gifUrl ? `<!--[if mso]>${img(p.thumbnailUrl)}<![endif]--><!--[if !mso]><!-->${img(p.gifUrl)}<!--<![endif]-->` : img(p.thumbnailUrl);
  return `<a href="${esc(p.landingUrl)}" style="display:block;text-decoration:none">${inner}</a>`;
}

export function emailHtml(p: MessageParts): string {
  const poster = thumbnail(p);
  const w = wordsFor(p.language);
  return `<!doctype html>
<html lang="${p.language ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(p.title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;background:#ffffff;border-radius:12px"><tr><td style="padding:24px">
${paragraphs(p.message)}
${poster}
<p style="margin:20px 0;text-align:center"><a href="${esc(p.landingUrl)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:8px">&#9654; ${esc(w.watch)}</a></p>
<p style="margin:0;font-size:12px;line-height:1.5;color:#6b7280">${esc(w.sentBy)} ${esc(p.sender)}. ${esc(w.ifButtonFails)} <a href="${esc(p.landingUrl)}" style="color:#4f46e5">${esc(p.landingUrl)}</a>.<br>
${esc(w.dontWant(p.sender))} <a href="${esc(p.unsubscribeUrl)}" style="color:#6b7280">${esc(w.unsubscribe)}</a>.</p>
</td></tr></table></td></tr></table>
</body></html>`;
}

export function emailText(p: MessageParts): string {
  const w = wordsFor(p.language);
  return `${p.message.trim()}\n\n${w.watch}: ${p.landingUrl}\n\n--\n${w.sentBy} ${p.sender}.\n${w.unsubscribe}: ${p.unsubscribeUrl}\n`;
}

/** LinkedIn, WhatsApp, …: the message and the personal link. */
export function socialText(p: Pick<MessageParts, 'message' | 'landingUrl'>): string {
  return `${p.message.trim()}\n\n${p.landingUrl}`;
}
