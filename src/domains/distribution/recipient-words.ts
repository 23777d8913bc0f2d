import type { RecipientLanguage } from '../../shared/variables';

// What a recipient reads around the sender's own words, in their language (decision 226): the
// contact's language, else the video's. The e-mail (messages.ts) and the landing page (pages.ts)
// read these; the greeting goes through the text engine, so a left-out first name reads "Hi!".

export type RecipientWords = {
  /** The landing page's greeting, `{first_name}` filled by the value the video spoke. */
  hello: string;
  /** The greeting when nothing is known of them. */
  helloAnyone: string;
  recorded: (sender: string) => string;
  shared: (sender: string) => string;
  sentBy: string;
  madeFor: (firstName: string | null) => string;
  unsubscribe: string;
  fromVideosOf: (sender: string) => string;
  pageTitle: (title: string, firstName: string | null) => string;
  captions: string;
  /** The heading of the page's transcript (the video's captions as text; a line plays from its time). */
  transcript: string;
  play: string;
  getInTouch: string;
  learnMore: string;
  watch: string;
  playAlt: (title: string) => string;
  ifButtonFails: string;
  dontWant: (sender: string) => string;
  subject: (firstName: string | null, title: string) => string;
  /** The message of a send that typed none (spec §4: greeting, title and date). */
  message: (title: string, date: string) => string;
  dateLocale: string;
};

export const RECIPIENT_WORDS: Record<RecipientLanguage, RecipientWords> = {
  en: {
    hello: 'Hi {first_name}!',
    helloAnyone: 'Hi there!',
    recorded: (s) => `${s} recorded a video for you:`,
    shared: (s) => `${s} shared a video with you.`,
    sentBy: 'Sent by',
    madeFor: (f) => `This page was made for you${f ? `, ${f}` : ''}.`,
    unsubscribe: 'Unsubscribe',
    fromVideosOf: (s) => `from videos sent by ${s}.`,
    pageTitle: (t, f) => `${t} · a video for ${f ?? 'you'}`,
    captions: 'Captions',
    transcript: 'Transcript',
    play: 'Play the video',
    getInTouch: 'Get in touch',
    learnMore: 'Learn more',
    watch: 'Watch your video',
    playAlt: (t) => `Play the video: ${t}`,
    ifButtonFails: 'If the button does not work, open',
    dontWant: (s) => `Don't want videos from ${s}?`,
    subject: (f, t) => (f ? `${f}, a video for you: ${t}` : `A video for you: ${t}`),
    message: (t, d) => `Hi {first_name|there},\n\nI recorded a short video for you: "${t}" (${d}).\n\nI hope you enjoy it!`,
    dateLocale: 'en-GB',
  },
  fr: {
    hello: 'Bonjour {first_name} !',
    helloAnyone: 'Bonjour !',
    recorded: (s) => `${s} a enregistré une vidéo pour vous :`,
    shared: (s) => `${s} a partagé une vidéo avec vous.`,
    sentBy: 'Envoyé par',
    madeFor: (f) => `Cette page a été faite pour vous${f ? `, ${f}` : ''}.`,
    unsubscribe: 'Se désabonner',
    fromVideosOf: (s) => `des vidéos envoyées par ${s}.`,
    pageTitle: (t, f) => `${t} · une vidéo pour ${f ?? 'vous'}`,
    captions: 'Sous-titres',
    transcript: 'Transcription',
    play: 'Lire la vidéo',
    getInTouch: 'Prendre contact',
    learnMore: 'En savoir plus',
    watch: 'Regarder votre vidéo',
    playAlt: (t) => `Lire la vidéo : ${t}`,
    ifButtonFails: 'Si le bouton ne fonctionne pas, ouvrez',
    dontWant: (s) => `Vous ne souhaitez plus recevoir de vidéos de ${s} ?`,
    subject: (f, t) => (f ? `${f}, une vidéo pour vous : ${t}` : `Une vidéo pour vous : ${t}`),
    message: (t, d) => `Bonjour {first_name|},\n\nJ'ai enregistré une courte vidéo pour vous : « ${t} » (${d}).\n\nBon visionnage !`,
    dateLocale: 'fr-FR',
  },
  es: {
    hello: '¡Hola {first_name}!',
    helloAnyone: '¡Hola!',
    recorded: (s) => `${s} ha grabado un vídeo para ti:`,
    shared: (s) => `${s} ha compartido un vídeo contigo.`,
    sentBy: 'Enviado por',
    madeFor: (f) => `Esta página se hizo para ti${f ? `, ${f}` : ''}.`,
    unsubscribe: 'Darse de baja',
    fromVideosOf: (s) => `de los vídeos enviados por ${s}.`,
    pageTitle: (t, f) => `${t} · un vídeo para ${f ?? 'ti'}`,
    captions: 'Subtítulos',
    transcript: 'Transcripción',
    play: 'Reproducir el vídeo',
    getInTouch: 'Contactar',
    learnMore: 'Más información',
    watch: 'Ver tu vídeo',
    playAlt: (t) => `Reproducir el vídeo: ${t}`,
    ifButtonFails: 'Si el botón no funciona, abre',
    dontWant: (s) => `¿No quieres recibir vídeos de ${s}?`,
    subject: (f, t) => (f ? `${f}, un vídeo para ti: ${t}` : `Un vídeo para ti: ${t}`),
    message: (t, d) => `Hola {first_name|},\n\nHe grabado un breve vídeo para ti: «${t}» (${d}).\n\n¡Espero que te guste!`,
    dateLocale: 'es-ES',
  },
};

export const wordsFor = (lang: RecipientLanguage | null | undefined) => RECIPIENT_WORDS[lang ?? 'en'] ?? RECIPIENT_WORDS.en;
