import type { Words } from './words';

// The notice e-mails (decision 225): what recipients did with a video you sent, a send's outcome, a
// render's outcome, the daily digest. English → [French, Spanish]; `{who}`, `{title}`… are filled in by
// the sender (src/domains/notifications/email.ts). The bell's feed words the same facts in the web.
export const NOTICE_WORDS: Words = {
  Someone: ['Quelqu’un', 'Alguien'],
  '{who} opened “{title}”': ['{who} a ouvert « {title} »', '{who} abrió «{title}»'],
  '{who} is watching “{title}”': ['{who} regarde « {title} »', '{who} está viendo «{title}»'],
  '{who} watched “{title}” to the end': ['{who} a regardé « {title} » jusqu’au bout', '{who} vio «{title}» hasta el final'],
  '{who} clicked your button under “{title}”': ['{who} a cliqué sur votre bouton sous « {title} »', '{who} hizo clic en tu botón bajo «{title}»'],
  '“{title}”: {sent} sent, {failed} failed': ['« {title} » : {sent} envoyés, {failed} en échec', '«{title}»: {sent} enviados, {failed} fallidos'],
  '“{title}” is sent to everyone ({sent})': ['« {title} » est envoyée à tous ({sent})', '«{title}» se envió a todos ({sent})'],
  'Your video “{title}” is ready': ['Votre vidéo « {title} » est prête', 'Tu vídeo «{title}» está listo'],
  'Your video “{title}” could not be made': ['Votre vidéo « {title} » n’a pas pu être créée', 'Tu vídeo «{title}» no se pudo crear'],
  'Your videos on {day}: {played} played, {clicked} clicks': [
    'Vos vidéos le {day} : {played} lectures, {clicked} clics',
    'Tus vídeos el {day}: {played} reproducciones, {clicked} clics',
  ],
  'They opened the page of your video.': ['La page de votre vidéo a été ouverte.', 'Se abrió la página de tu vídeo.'],
  'They started playing your video.': ['La lecture de votre vidéo a commencé.', 'Empezó la reproducción de tu vídeo.'],
  'They watched your video to the end.': ['Votre vidéo a été regardée jusqu’au bout.', 'Tu vídeo se vio hasta el final.'],
  'They clicked the call to action under your video.': ['Le bouton sous votre vidéo a été cliqué.', 'Se hizo clic en el botón bajo tu vídeo.'],
  'Sent: {sent}. Failed: {failed}. Deferred to the next day (daily limit): {deferred}.': [
    'Envoyés : {sent}. En échec : {failed}. Reportés au lendemain (limite quotidienne) : {deferred}.',
    'Enviados: {sent}. Fallidos: {failed}. Aplazados al día siguiente (límite diario): {deferred}.',
  ],
  'Why they failed:': ['Raisons des échecs :', 'Motivos de los fallos:'],
  'It is in My Videos, ready to send.': ['Elle est dans Mes vidéos, prête à être envoyée.', 'Está en Mis vídeos, listo para enviar.'],
  'Reason: {reason}': ['Raison : {reason}', 'Motivo: {reason}'],
  'Opened: {opened}. Played: {played}. Watched to the end: {finished}. Clicks: {clicked}.': [
    'Ouvertures : {opened}. Lectures : {played}. Vues jusqu’au bout : {finished}. Clics : {clicked}.',
    'Aperturas: {opened}. Reproducciones: {played}. Vistos hasta el final: {finished}. Clics: {clicked}.',
  ],
  'Open the app': ['Ouvrir l’application', 'Abrir la aplicación'],
  'You get this e-mail because of your settings (Settings → Notifications).': [
    'Vous recevez cet e-mail selon vos réglages (Paramètres → Notifications).',
    'Recibes este correo según tus ajustes (Ajustes → Notificaciones).',
  ],
};
