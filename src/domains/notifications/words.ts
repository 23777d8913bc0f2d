import type { NoticeData, NoticeKind } from '../../shared/notices';

// The notice e-mails' words in the reader's language (settings.language; de, it and pt read English),
// like the feed's, which the web words from the same facts (locales/*/notices).

type Lang = 'en' | 'fr' | 'es';
type Words = {
  subject: (k: NoticeKind, d: NoticeData) => string;
  body: (k: NoticeKind, d: NoticeData) => string;
  hello: (name: string) => string;
  open: string;
  why: string;
};

const someone = { en: 'Someone', fr: 'Quelqu’un', es: 'Alguien' } as const;
const who = (l: Lang, d: NoticeData) => d.viewer || someone[l];
const reasons = (d: NoticeData) => (d.reasons ?? []).map((r) => `- ${r.reason || '?'} (${r.count})`).join('\n');

const en: Words = {
  subject: (k, d) =>
    ({
      'viewer.opened': `${who('en', d)} opened “${d.videoTitle}”`,
      'viewer.played': `${who('en', d)} is watching “${d.videoTitle}”`,
      'viewer.finished': `${who('en', d)} watched “${d.videoTitle}” to the end`,
      'viewer.clicked': `${who('en', d)} clicked your button under “${d.videoTitle}”`,
      'send.finished': d.failed ? `“${d.videoTitle}”: ${d.sent} sent, ${d.failed} failed` : `“${d.videoTitle}” is sent to everyone (${d.sent})`,
      'video.ready': `Your video “${d.videoTitle}” is ready`,
      'video.failed': `Your video “${d.videoTitle}” could not be made`,
      digest: `Your videos on ${d.day}: ${d.played} played, ${d.clicked} clicks`,
    })[k],
  body: (k, d) =>
    ({
      'viewer.opened': 'They opened the page of your video.',
      'viewer.played': 'They started playing your video.',
      'viewer.finished': 'They watched your video to the end.',
      'viewer.clicked': 'They clicked the call to action under your video.',
      'send.finished': `Sent: ${d.sent}. Failed: ${d.failed}. Deferred to the next day (daily limit): ${d.deferred}.${d.failed ? `\n\nWhy they failed:\n${reasons(d)}` : ''}`,
      'video.ready': 'It is in My Videos, ready to send.',
      'video.failed': `Reason: ${d.error ?? '?'}`,
      digest: `Opened: ${d.opened}. Played: ${d.played}. Watched to the end: ${d.finished}. Clicks: ${d.clicked}.`,
    })[k],
  hello: (name) => `Hello ${name},`,
  open: 'Open the app',
  why: 'You get this e-mail because of your settings (Settings → Notifications).',
};

const fr: Words = {
  subject: (k, d) =>
    ({
      'viewer.opened': `${who('fr', d)} a ouvert « ${d.videoTitle} »`,
      'viewer.played': `${who('fr', d)} regarde « ${d.videoTitle} »`,
      'viewer.finished': `${who('fr', d)} a regardé « ${d.videoTitle} » jusqu’au bout`,
      'viewer.clicked': `${who('fr', d)} a cliqué sur votre bouton sous « ${d.videoTitle} »`,
      'send.finished': d.failed ? `« ${d.videoTitle} » : ${d.sent} envoyés, ${d.failed} en échec` : `« ${d.videoTitle} » est envoyée à tous (${d.sent})`,
      'video.ready': `Votre vidéo « ${d.videoTitle} » est prête`,
      'video.failed': `Votre vidéo « ${d.videoTitle} » n’a pas pu être créée`,
      digest: `Vos vidéos le ${d.day} : ${d.played} lectures, ${d.clicked} clics`,
    })[k],
  body: (k, d) =>
    ({
      'viewer.opened': 'La page de votre vidéo a été ouverte.',
      'viewer.played': 'La lecture de votre vidéo a commencé.',
      'viewer.finished': 'Votre vidéo a été regardée jusqu’au bout.',
      'viewer.clicked': 'Le bouton sous votre vidéo a été cliqué.',
      'send.finished': `Envoyés : ${d.sent}. En échec : ${d.failed}. Reportés au lendemain (limite quotidienne) : ${d.deferred}.${d.failed ? `\n\nRaisons des échecs :\n${reasons(d)}` : ''}`,
      'video.ready': 'Elle est dans Mes vidéos, prête à être envoyée.',
      'video.failed': `Raison : ${d.error ?? '?'}`,
      digest: `Ouvertures : ${d.opened}. Lectures : ${d.played}. Vues jusqu’au bout : ${d.finished}. Clics : ${d.clicked}.`,
    })[k],
  hello: (name) => `Bonjour ${name},`,
  open: 'Ouvrir l’application',
  why: 'Vous recevez cet e-mail selon vos réglages (Paramètres → Notifications).',
};

const es: Words = {
  subject: (k, d) =>
    ({
      'viewer.opened': `${who('es', d)} abrió «${d.videoTitle}»`,
      'viewer.played': `${who('es', d)} está viendo «${d.videoTitle}»`,
      'viewer.finished': `${who('es', d)} vio «${d.videoTitle}» hasta el final`,
      'viewer.clicked': `${who('es', d)} hizo clic en tu botón bajo «${d.videoTitle}»`,
      'send.finished': d.failed ? `«${d.videoTitle}»: ${d.sent} enviados, ${d.failed} fallidos` : `«${d.videoTitle}» se envió a todos (${d.sent})`,
      'video.ready': `Tu vídeo «${d.videoTitle}» está listo`,
      'video.failed': `Tu vídeo «${d.videoTitle}» no se pudo crear`,
      digest: `Tus vídeos el ${d.day}: ${d.played} reproducciones, ${d.clicked} clics`,
    })[k],
  body: (k, d) =>
    ({
      'viewer.opened': 'Se abrió la página de tu vídeo.',
      'viewer.played': 'Empezó la reproducción de tu vídeo.',
      'viewer.finished': 'Tu vídeo se vio hasta el final.',
      'viewer.clicked': 'Se hizo clic en el botón bajo tu vídeo.',
      'send.finished': `Enviados: ${d.sent}. Fallidos: ${d.failed}. Aplazados al día siguiente (límite diario): ${d.deferred}.${d.failed ? `\n\nMotivos de los fallos:\n${reasons(d)}` : ''}`,
      'video.ready': 'Está en Mis vídeos, listo para enviar.',
      'video.failed': `Motivo: ${d.error ?? '?'}`,
      digest: `Aperturas: ${d.opened}. Reproducciones: ${d.played}. Vistos hasta el final: ${d.finished}. Clics: ${d.clicked}.`,
    })[k],
  hello: (name) => `Hola ${name},`,
  open: 'Abrir la aplicación',
  why: 'Recibes este correo según tus ajustes (Ajustes → Notificaciones).',
};

const WORDS: Record<Lang, Words> = { en, fr, es };
export const wordsFor = (language: string | undefined): Words => WORDS[(language as Lang) in WORDS ? (language as Lang) : 'en'];
