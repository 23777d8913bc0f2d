// The local composer's phrase book. en, fr and es are complete, with variants per
// tone; de, it and pt have one simple template per slot. French uses "vous",
// Spanish, Italian and Portuguese the informal "tú / tu / você" usual in marketing,
// German "Sie". Phrases avoid words that agree with the speaker's gender.
//
// Placeholders: {name} {company} {position} {sector} {sender} {senderCompany}
// {campaign} {product} {goal} {cta} {cta_lc} {video} {title}.
import type { ScriptLanguage, ScriptTone } from './types';

export type ToneText = readonly string[] | Readonly<Record<ScriptTone, readonly string[]>>;

export type Phrases = {
  greeting: ToneText;
  intro: { full: readonly string[]; nameOnly: readonly string[]; companyOnly: readonly string[] };
  personal: ToneText;
  campaign: readonly string[];
  hookPosition: readonly string[];
  hookCompany: ToneText;
  hookSector: readonly string[];
  hookGeneric: ToneText;
  productAfter: readonly string[];
  productAlone: readonly string[];
  goal: readonly string[];
  fillers: ToneText;
  cta: ToneText;
  ctaDefault: ToneText;
  closing: ToneText;
  /** Campaign sectors (spec part 1 §3), keyed in lower-case English. */
  sectors?: Readonly<Record<string, string>>;
  lowerSector?: boolean;
  message: { video: string; videoTitled: string; linkedin: string; twitter: string; casual: string; email: string };
};

/** A script (or a description) that already opens with a greeting, in any supported language. */
export const GREETING_START =
  /^[¡¿"«\s]*(hi|hello|hey|dear|good (morning|afternoon|evening)|bonjour|bonsoir|salut|coucou|hola|buenos|buenas|hallo|guten|liebe|lieber|ciao|buongiorno|olá|ola|oi)(?![\p{L}])/iu;

export function toneText(t: ToneText, tone: ScriptTone): readonly string[] {
  return Array.isArray(t) ? (t as readonly string[]) : (t as Record<ScriptTone, readonly string[]>)[tone];
}

const en: Phrases = {
  greeting: {
    friendly: ['Hi {name}! I hope your week is going well.', "Hi {name}! It's great to connect with you."],
    professional: ['Hello {name}, and thank you for taking a moment to watch this.', 'Hello {name}, thank you for giving me a minute of your time.'],
    enthusiastic: ["Hi {name}! I'm so glad you're watching this.", "Hey {name}! I've got something exciting to share with you."],
    casual: ["Hey {name}, how's it going?", 'Hey {name}! Quick video for you.'],
    persuasive: ['Hi {name}, give me just thirty seconds.', 'Hi {name}, this will take less than a minute, and it could be well worth it.'],
  },
  intro: {
    full: ["I'm {sender} from {senderCompany}.", "My name is {sender}, and I'm with {senderCompany}."],
    nameOnly: ["I'm {sender}.", 'My name is {sender}.'],
    companyOnly: ["I'm reaching out from {senderCompany}."],
  },
  personal: {
    friendly: ['I recorded this short video just for you.'],
    professional: ['I recorded this short message especially for you.'],
    enthusiastic: ["I made this video just for you, and I think you're going to love it!"],
    casual: ['I made this quick video just for you.'],
    persuasive: ["I recorded this for you because I believe it's worth a minute of your time."],
  },
  campaign: ["I'm reaching out about {campaign}.", 'This is about {campaign}.'],
  hookPosition: [
    "As {position} at {company}, I know your time is precious, so I'll get straight to the point.",
    "I know that as {position} at {company}, you're always looking for better results with less effort.",
  ],
  hookCompany: {
    friendly: ["I've been following what you're doing at {company}, and I really like it.", 'I had the team at {company} in mind when I put this together.'],
    professional: ["I've been looking at what {company} is doing, and I see a real opportunity.", 'I put this message together with {company} in mind.'],
    enthusiastic: ["I've been following {company}, and honestly, I'm impressed!", 'When I saw what {company} is doing, I immediately thought of you!'],
    casual: ["I've been checking out what you're up to at {company}. Cool stuff.", 'I had {company} in mind when I made this.'],
    persuasive: [
      "Companies like {company} are moving fast, and I don't want you to miss this.",
      'I took a close look at {company}, and I see a clear opportunity for you.',
    ],
  },
  hookSector: ['I work with many teams in {sector}, and I keep hearing about the same challenges.', 'In {sector}, things move fast, and every minute counts.'],
  hookGeneric: {
    friendly: ["I'll keep this short, I promise."],
    professional: ["I'll keep this brief, because I know your time is valuable."],
    enthusiastic: ["I've got something great to share, so let's jump right in!"],
    casual: ["I'll keep it quick."],
    persuasive: ["Give me thirty seconds, and I'll show you why this matters."],
  },
  productAfter: ["That's exactly what {product} was built for.", '{product} was designed with exactly that in mind.'],
  productAlone: ["I'd love to show you {product}.", 'Let me introduce you to {product}.'],
  goal: ['The idea is simple: {goal_lc}.'],
  fillers: {
    friendly: [
      'I really think this could make a difference for you.',
      'It only takes a few minutes to get started.',
      "And of course, I'm happy to answer any questions you have.",
    ],
    professional: [
      'We have helped many organizations get measurable results, quickly.',
      "Getting started is straightforward and takes very little of your team's time.",
      'I would be glad to walk you through the details.',
    ],
    enthusiastic: [
      "The results we're seeing are amazing!",
      "Honestly, I can't wait to show you what's possible.",
      "It's quick to get started, and the impact is real!",
    ],
    casual: ['No pressure at all.', "It's pretty easy to get going.", 'Happy to answer any questions.'],
    persuasive: [
      'Teams that act early see the biggest gains.',
      'It takes just a few minutes to get started, and the results speak for themselves.',
      "The sooner you start, the sooner you'll see the difference.",
    ],
  },
  cta: {
    friendly: ["Here's what I'd suggest: {cta_lc}."],
    professional: ['As a next step, I suggest the following: {cta_lc}.'],
    enthusiastic: ["Here's the next step: {cta_lc}!"],
    casual: ['Next step? {cta}.'],
    persuasive: ["Don't wait: {cta_lc}."],
  },
  ctaDefault: {
    friendly: ["Just click the button below this video, and let's have a quick chat."],
    professional: ['Simply click the button below this video to book a short call.'],
    enthusiastic: ["Click the button below this video, and let's make it happen!"],
    casual: ['Just hit the button below if you want to chat.'],
    persuasive: ['Click the button below this video now to book your spot. It only takes a minute.'],
  },
  closing: {
    friendly: ['Thanks for watching, {name}, and talk soon!'],
    professional: ['Thank you for your time, {name}. I look forward to hearing from you.'],
    enthusiastic: ["Thanks so much, {name}! I can't wait to hear from you!"],
    casual: ['Thanks, {name}. Talk soon!'],
    persuasive: ["Thanks, {name}. I'm confident you won't regret it."],
  },
  lowerSector: true,
  message: {
    video: 'a short personalized video',
    videoTitled: 'a short video, "{title}",',
    linkedin: "Hi {name}, I recorded {video} for you. It takes less than a minute to watch, and I'd value your thoughts. Looking forward to connecting!",
    twitter: 'Hey {name}! I made {video} just for you. Take a look and let me know what you think.',
    casual: 'Hey {name} 👋 I made {video} just for you. Have a look when you get a minute and tell me what you think!',
    email:
      "Hi {name},\n\nI recorded {video} just for you. It takes less than a minute to watch.\n\nI'd love to hear what you think: just reply to this email.\n\nBest regards,\n{sender}",
  },
};

const fr: Phrases = {
  greeting: {
    friendly: ["Bonjour {name} ! J'espère que vous allez bien.", "Bonjour {name}, j'espère que votre semaine se passe bien !"],
    professional: ['Bonjour {name}, et merci de prendre un instant pour regarder cette vidéo.', "Bonjour {name}, merci de m'accorder une minute."],
    enthusiastic: [
      "Bonjour {name} ! J'ai quelque chose de vraiment enthousiasmant à vous montrer.",
      "Bonjour {name} ! Merci d'être là, j'ai une excellente nouvelle à partager.",
    ],
    casual: ['Hello {name}, comment allez-vous ?', 'Salut {name} ! Une petite vidéo rien que pour vous.'],
    persuasive: [
      'Bonjour {name}, accordez-moi simplement trente secondes.',
      'Bonjour {name}, cela vous prendra moins d’une minute, et cela peut vraiment en valoir la peine.',
    ],
  },
  intro: {
    full: ["Je m'appelle {sender} et je travaille chez {senderCompany}.", "Ici {sender}, de l'équipe {senderCompany}."],
    nameOnly: ["Je m'appelle {sender}.", 'Ici {sender}.'],
    companyOnly: ["Je vous contacte de la part de l'équipe {senderCompany}."],
  },
  personal: {
    friendly: ["J'ai enregistré cette courte vidéo rien que pour vous."],
    professional: ["J'ai préparé ce court message spécialement pour vous."],
    enthusiastic: ["J'ai fait cette vidéo rien que pour vous, et je pense qu'elle va vous plaire !"],
    casual: ['Une petite vidéo rapide, rien que pour vous.'],
    persuasive: ["Je vous ai enregistré cette vidéo parce qu'elle vaut vraiment une minute de votre temps."],
  },
  campaign: ['Je vous contacte au sujet de « {campaign} ».', "C'est à propos de « {campaign} »."],
  hookPosition: [
    "En tant que {position} chez {company}, votre temps est précieux, alors j'irai droit au but.",
    "En tant que {position} chez {company}, vous cherchez sans doute à obtenir de meilleurs résultats avec moins d'efforts.",
  ],
  hookCompany: {
    friendly: ["Je suis avec intérêt ce que vous faites chez {company}, et j'aime beaucoup.", "J'ai pensé à vous et à {company} en préparant ce message."],
    professional: ["J'ai regardé de près ce que fait {company}, et je vois une vraie opportunité.", "J'ai préparé ce message en pensant à {company}."],
    enthusiastic: [
      "Je suis {company} depuis un moment, et franchement, c'est impressionnant !",
      "Quand j'ai vu ce que fait {company}, j'ai tout de suite pensé à vous !",
    ],
    casual: ["J'ai jeté un œil à ce que vous faites chez {company}, et c'est top.", "J'ai pensé à {company} en faisant cette vidéo."],
    persuasive: [
      'Les entreprises comme {company} avancent vite, et je ne veux pas que vous passiez à côté.',
      "J'ai étudié {company} de près, et je vois une opportunité claire pour vous.",
    ],
  },
  hookSector: [
    "Je travaille avec de nombreuses équipes du secteur {sector}, et j'entends souvent parler des mêmes défis.",
    'Dans le secteur {sector}, tout va vite, et chaque minute compte.',
  ],
  hookGeneric: {
    friendly: ['Je vais faire court, promis.'],
    professional: ["J'irai droit au but, car je sais que votre temps est précieux."],
    enthusiastic: ["J'ai quelque chose de génial à partager, alors allons-y !"],
    casual: ['Je fais vite.'],
    persuasive: ['Accordez-moi trente secondes, et je vous montre pourquoi c’est important.'],
  },
  productAfter: ['{product} a été conçu exactement pour cela.', '{product} a été pensé exactement pour ça.'],
  productAlone: ["J'aimerais vous présenter {product}.", 'Laissez-moi vous présenter {product}.'],
  goal: ["L'idée est simple : {goal_lc}."],
  fillers: {
    friendly: [
      'Je pense sincèrement que cela peut faire la différence pour vous.',
      'Il suffit de quelques minutes pour démarrer.',
      'Et bien sûr, je réponds volontiers à toutes vos questions.',
    ],
    professional: [
      'Nous avons aidé de nombreuses organisations à obtenir des résultats concrets, rapidement.',
      'La mise en place est simple et demande très peu de temps à vos équipes.',
      'Je vous présenterai volontiers tous les détails.',
    ],
    enthusiastic: [
      'Les résultats que nous voyons sont incroyables !',
      "Franchement, j'ai hâte de vous montrer ce qui est possible.",
      "On démarre en quelques minutes, et l'impact est réel !",
    ],
    casual: ['Aucune pression, bien sûr.', "C'est vraiment simple à mettre en place.", 'Je réponds volontiers à vos questions.'],
    persuasive: [
      "Les équipes qui s'y mettent tôt en tirent le plus de bénéfices.",
      "Quelques minutes suffisent pour démarrer, et les résultats parlent d'eux-mêmes.",
      'Plus tôt vous commencez, plus tôt vous verrez la différence.',
    ],
  },
  cta: {
    friendly: ['Voici ce que je vous propose : {cta_lc}.'],
    professional: ['Comme prochaine étape, je vous propose ceci : {cta_lc}.'],
    enthusiastic: ['Prochaine étape : {cta_lc} !'],
    casual: ['La suite ? {cta}.'],
    persuasive: ["N'attendez pas : {cta_lc}."],
  },
  ctaDefault: {
    friendly: ['Cliquez simplement sur le bouton sous cette vidéo, et échangeons quelques minutes.'],
    professional: ['Il vous suffit de cliquer sur le bouton sous cette vidéo pour réserver un court échange.'],
    enthusiastic: ['Cliquez sur le bouton sous cette vidéo, et lançons-nous !'],
    casual: ['Un clic sur le bouton juste en dessous si vous voulez en parler.'],
    persuasive: ['Cliquez dès maintenant sur le bouton sous cette vidéo pour réserver votre créneau. Cela ne prend qu’une minute.'],
  },
  closing: {
    friendly: ['Merci d’avoir regardé, {name}, et à très bientôt !'],
    professional: ['Merci pour votre temps, {name}. Au plaisir d’échanger avec vous.'],
    enthusiastic: ["Merci beaucoup, {name} ! J'ai hâte d'avoir de vos nouvelles !"],
    casual: ['Merci {name}, à bientôt !'],
    persuasive: ['Merci, {name}. Vous ne le regretterez pas, c’est promis.'],
  },
  sectors: {
    automotive: 'Automobile',
    technology: 'Technologie',
    retail: 'Commerce de détail',
    healthcare: 'Santé',
    'financial services': 'Services financiers',
    education: 'Éducation',
    'professional services': 'Services professionnels',
    'real estate': 'Immobilier',
    hospitality: 'Hôtellerie',
  },
  message: {
    video: 'une courte vidéo personnalisée',
    videoTitled: 'une courte vidéo intitulée « {title} »',
    linkedin: "Bonjour {name}, j'ai enregistré {video} pour vous. Elle dure moins d'une minute, et votre avis m'intéresse. Au plaisir d'échanger !",
    twitter: "Bonjour {name} ! J'ai fait {video} rien que pour vous. Jetez-y un œil et dites-moi ce que vous en pensez.",
    casual: "Salut {name} 👋 J'ai fait {video} rien que pour vous. Regardez-la quand vous avez une minute et dites-moi ce que vous en pensez !",
    email:
      "Bonjour {name},\n\nJ'ai enregistré {video} rien que pour vous. Elle dure moins d'une minute.\n\nVotre avis m'intéresse : répondez simplement à cet e-mail.\n\nBien cordialement,\n{sender}",
  },
};

const es: Phrases = {
  greeting: {
    friendly: ['¡Hola, {name}! Espero que estés muy bien.', '¡Hola, {name}! Espero que tu semana vaya genial.'],
    professional: ['Hola, {name}, y gracias por dedicar un momento a ver este vídeo.', 'Hola, {name}. Gracias por regalarme un minuto de tu tiempo.'],
    enthusiastic: ['¡Hola, {name}! Tengo algo muy emocionante que enseñarte.', '¡Hola, {name}! Qué bien que estés aquí, tengo una gran noticia para ti.'],
    casual: ['¡Hola, {name}! ¿Qué tal todo?', '¡Hey, {name}! Un vídeo rápido solo para ti.'],
    persuasive: ['Hola, {name}. Dame solo treinta segundos.', 'Hola, {name}. Esto te llevará menos de un minuto, y puede valer mucho la pena.'],
  },
  intro: {
    full: ['Soy {sender}, de {senderCompany}.', 'Me llamo {sender} y trabajo en {senderCompany}.'],
    nameOnly: ['Soy {sender}.', 'Me llamo {sender}.'],
    companyOnly: ['Te hablo en nombre de {senderCompany}.'],
  },
  personal: {
    friendly: ['He grabado este vídeo corto solo para ti.'],
    professional: ['He preparado este breve mensaje especialmente para ti.'],
    enthusiastic: ['¡He hecho este vídeo solo para ti, y creo que te va a encantar!'],
    casual: ['Un vídeo rapidito, solo para ti.'],
    persuasive: ['Te he grabado este vídeo porque de verdad vale un minuto de tu tiempo.'],
  },
  campaign: ['Te contacto por «{campaign}».', 'Se trata de «{campaign}».'],
  hookPosition: [
    'Como {position} en {company}, sé que tu tiempo es valioso, así que iré al grano.',
    'Sé que, como {position} en {company}, siempre buscas mejores resultados con menos esfuerzo.',
  ],
  hookCompany: {
    friendly: ['He estado siguiendo lo que hacen en {company}, y me encanta.', 'Pensé en el equipo de {company} al preparar este mensaje.'],
    professional: ['He analizado lo que está haciendo {company}, y veo una oportunidad real.', 'He preparado este mensaje pensando en {company}.'],
    enthusiastic: ['Llevo un tiempo siguiendo a {company}, ¡y la verdad es que impresiona!', '¡Cuando vi lo que hace {company}, pensé en ti enseguida!'],
    casual: ['Estuve mirando lo que hacen en {company}. Tiene muy buena pinta.', 'Pensé en {company} al hacer este vídeo.'],
    persuasive: [
      'Empresas como {company} avanzan rápido, y no quiero que te pierdas esto.',
      'He estudiado {company} de cerca, y veo una oportunidad clara para ti.',
    ],
  },
  hookSector: [
    'Trabajo con muchos equipos del sector {sector}, y siempre escucho los mismos retos.',
    'En el sector {sector}, todo va rápido y cada minuto cuenta.',
  ],
  hookGeneric: {
    friendly: ['Seré breve, lo prometo.'],
    professional: ['Iré al grano, porque sé que tu tiempo es valioso.'],
    enthusiastic: ['¡Tengo algo genial que compartir, así que vamos allá!'],
    casual: ['Voy rápido.'],
    persuasive: ['Dame treinta segundos y te muestro por qué esto importa.'],
  },
  productAfter: ['Justo para eso se creó {product}.', '{product} está pensado exactamente para eso.'],
  productAlone: ['Me encantaría presentarte {product}.', 'Déjame presentarte {product}.'],
  goal: ['La idea es sencilla: {goal_lc}.'],
  fillers: {
    friendly: [
      'Creo sinceramente que esto puede marcar la diferencia para ti.',
      'Empezar solo lleva unos minutos.',
      'Y, por supuesto, responderé con gusto a todas tus preguntas.',
    ],
    professional: [
      'Hemos ayudado a muchas organizaciones a lograr resultados concretos, rápidamente.',
      'La puesta en marcha es sencilla y requiere muy poco tiempo de tu equipo.',
      'Con gusto te explico todos los detalles.',
    ],
    enthusiastic: [
      '¡Los resultados que estamos viendo son increíbles!',
      'La verdad, tengo muchas ganas de enseñarte lo que es posible.',
      '¡Se empieza en minutos y el impacto es real!',
    ],
    casual: ['Sin ninguna presión.', 'Es muy fácil de poner en marcha.', 'Cualquier duda, me dices.'],
    persuasive: [
      'Los equipos que empiezan pronto son los que más ganan.',
      'Bastan unos minutos para empezar, y los resultados hablan por sí solos.',
      'Cuanto antes empieces, antes verás la diferencia.',
    ],
  },
  cta: {
    friendly: ['Esto es lo que te propongo: {cta_lc}.'],
    professional: ['Como siguiente paso, te propongo lo siguiente: {cta_lc}.'],
    enthusiastic: ['¡Siguiente paso: {cta_lc}!'],
    casual: ['¿Lo siguiente? {cta}.'],
    persuasive: ['No esperes más: {cta_lc}.'],
  },
  ctaDefault: {
    friendly: ['Solo tienes que hacer clic en el botón debajo de este vídeo y charlamos un rato.'],
    professional: ['Solo tienes que hacer clic en el botón debajo de este vídeo para reservar una breve llamada.'],
    enthusiastic: ['¡Haz clic en el botón debajo de este vídeo y hagámoslo realidad!'],
    casual: ['Dale al botón de abajo si te apetece hablar.'],
    persuasive: ['Haz clic ahora en el botón debajo de este vídeo para reservar tu plaza. Solo te llevará un minuto.'],
  },
  closing: {
    friendly: ['¡Gracias por verlo, {name}, y hablamos pronto!'],
    professional: ['Gracias por tu tiempo, {name}. Quedo a la espera de tus noticias.'],
    enthusiastic: ['¡Muchísimas gracias, {name}! ¡Tengo muchas ganas de saber de ti!'],
    casual: ['¡Gracias, {name}! Hablamos.'],
    persuasive: ['Gracias, {name}. Te aseguro que no te arrepentirás.'],
  },
  sectors: {
    automotive: 'Automoción',
    technology: 'Tecnología',
    retail: 'Comercio minorista',
    healthcare: 'Salud',
    'financial services': 'Servicios financieros',
    education: 'Educación',
    'professional services': 'Servicios profesionales',
    'real estate': 'Inmobiliario',
    hospitality: 'Hostelería',
  },
  message: {
    video: 'un breve vídeo personalizado',
    videoTitled: 'un breve vídeo titulado «{title}»',
    linkedin: 'Hola, {name}. He grabado {video} para ti. Dura menos de un minuto y me encantaría conocer tu opinión. ¡Un saludo!',
    twitter: '¡Hola, {name}! He hecho {video} solo para ti. Échale un vistazo y dime qué te parece.',
    casual: '¡Hola, {name}! 👋 He hecho {video} solo para ti. Míralo cuando tengas un minuto y dime qué te parece.',
    email:
      'Hola, {name}:\n\nHe grabado {video} solo para ti. Dura menos de un minuto.\n\nMe encantaría conocer tu opinión: basta con responder a este correo.\n\nUn saludo,\n{sender}',
  },
};

const de: Phrases = {
  greeting: {
    friendly: ['Hallo {name}! Schön, dass Sie sich einen Moment Zeit nehmen.'],
    professional: ['Guten Tag {name}, vielen Dank, dass Sie sich kurz Zeit für dieses Video nehmen.'],
    enthusiastic: ['Hallo {name}! Ich habe etwas wirklich Spannendes für Sie.'],
    casual: ["Hallo {name}, wie geht's?"],
    persuasive: ['Hallo {name}, geben Sie mir nur dreißig Sekunden.'],
  },
  intro: { full: ['Ich bin {sender} von {senderCompany}.'], nameOnly: ['Ich bin {sender}.'], companyOnly: ['Ich melde mich im Namen von {senderCompany}.'] },
  personal: ['Ich habe dieses kurze Video extra für Sie aufgenommen.'],
  campaign: ['Es geht um „{campaign}“.'],
  hookPosition: ['Als {position} bei {company} ist Ihre Zeit kostbar, deshalb komme ich gleich zur Sache.'],
  hookCompany: ['Ich habe mir angesehen, was {company} macht, und sehe eine echte Chance.'],
  hookSector: ['Ich arbeite mit vielen Teams aus der Branche {sector} und höre immer wieder von denselben Herausforderungen.'],
  hookGeneric: ['Ich fasse mich kurz, denn ich weiß, dass Ihre Zeit wertvoll ist.'],
  productAfter: ['Genau dafür wurde {product} entwickelt.'],
  productAlone: ['Ich möchte Ihnen gern {product} vorstellen.'],
  goal: ['Die Idee ist einfach: {goal}.'],
  fillers: ['Der Einstieg dauert nur wenige Minuten.', 'Ich beantworte gern all Ihre Fragen.', 'Die Ergebnisse sprechen für sich.'],
  cta: ['Mein Vorschlag für den nächsten Schritt: {cta}.'],
  ctaDefault: ['Klicken Sie einfach auf die Schaltfläche unter diesem Video, um ein kurzes Gespräch zu vereinbaren.'],
  closing: {
    friendly: ['Danke fürs Zuschauen, {name}, bis bald!'],
    professional: ['Vielen Dank für Ihre Zeit, {name}. Ich freue mich auf Ihre Antwort.'],
    enthusiastic: ['Vielen Dank, {name}! Ich freue mich riesig auf Ihre Antwort!'],
    casual: ['Danke, {name}, bis bald!'],
    persuasive: ['Danke, {name}. Sie werden es nicht bereuen.'],
  },
  sectors: {
    automotive: 'Automobil',
    technology: 'Technologie',
    retail: 'Einzelhandel',
    healthcare: 'Gesundheitswesen',
    'financial services': 'Finanzdienstleistungen',
    education: 'Bildung',
    'professional services': 'Unternehmensdienstleistungen',
    'real estate': 'Immobilien',
    hospitality: 'Gastgewerbe',
  },
  message: {
    video: 'ein kurzes persönliches Video',
    videoTitled: 'ein kurzes Video mit dem Titel „{title}“',
    linkedin:
      'Hallo {name}, ich habe {video} für Sie aufgenommen. Es dauert weniger als eine Minute, und Ihre Meinung interessiert mich. Ich freue mich auf den Austausch!',
    twitter: 'Hallo {name}! Ich habe {video} nur für Sie gemacht. Schauen Sie mal rein und sagen Sie mir, was Sie denken.',
    casual: 'Hallo {name} 👋 Ich habe {video} nur für Sie gemacht. Schauen Sie es sich an, wenn Sie eine Minute haben!',
    email:
      'Hallo {name},\n\nich habe {video} nur für Sie aufgenommen. Es dauert weniger als eine Minute.\n\nIch freue mich auf Ihre Meinung: Antworten Sie einfach auf diese E-Mail.\n\nMit freundlichen Grüßen\n{sender}',
  },
};

const it: Phrases = {
  greeting: {
    friendly: ['Ciao {name}! Spero che la tua settimana stia andando alla grande.'],
    professional: ['Buongiorno {name}, e grazie per dedicare un momento a questo video.'],
    enthusiastic: ['Ciao {name}! Ho qualcosa di davvero entusiasmante da mostrarti.'],
    casual: ['Ciao {name}, come va?'],
    persuasive: ['Ciao {name}, dammi solo trenta secondi.'],
  },
  intro: { full: ['Sono {sender} di {senderCompany}.'], nameOnly: ['Sono {sender}.'], companyOnly: ['Ti contatto da parte di {senderCompany}.'] },
  personal: ['Ho registrato questo breve video proprio per te.'],
  campaign: ['Ti contatto a proposito di «{campaign}».'],
  hookPosition: ['Come {position} in {company}, il tuo tempo è prezioso, quindi vado dritto al punto.'],
  hookCompany: ["Ho dato un'occhiata a quello che fa {company} e vedo una vera opportunità."],
  hookSector: ['Lavoro con molti team del settore {sector} e sento spesso parlare delle stesse sfide.'],
  hookGeneric: ['Sarò breve, perché so che il tuo tempo è prezioso.'],
  productAfter: ['{product} è nato proprio per questo.'],
  productAlone: ['Mi piacerebbe presentarti {product}.'],
  goal: ["L'idea è semplice: {goal_lc}."],
  fillers: ['Per iniziare bastano pochi minuti.', 'Rispondo volentieri a tutte le tue domande.', 'I risultati parlano da soli.'],
  cta: ['Come prossimo passo ti propongo questo: {cta_lc}.'],
  ctaDefault: ['Ti basta cliccare sul pulsante sotto questo video per fissare una breve chiamata.'],
  closing: {
    friendly: ['Grazie per la visione, {name}, a presto!'],
    professional: ['Grazie per il tuo tempo, {name}. Attendo con piacere una tua risposta.'],
    enthusiastic: ["Grazie mille, {name}! Non vedo l'ora di sentirti!"],
    casual: ['Grazie {name}, a presto!'],
    persuasive: ['Grazie, {name}. Non te ne pentirai.'],
  },
  sectors: {
    automotive: 'Automotive',
    technology: 'Tecnologia',
    retail: 'Commercio al dettaglio',
    healthcare: 'Sanità',
    'financial services': 'Servizi finanziari',
    education: 'Istruzione',
    'professional services': 'Servizi professionali',
    'real estate': 'Immobiliare',
    hospitality: 'Ospitalità',
  },
  message: {
    video: 'un breve video personalizzato',
    videoTitled: 'un breve video intitolato «{title}»',
    linkedin: 'Ciao {name}, ho registrato {video} per te. Dura meno di un minuto e mi piacerebbe sapere cosa ne pensi. A presto!',
    twitter: "Ciao {name}! Ho fatto {video} solo per te. Dagli un'occhiata e fammi sapere cosa ne pensi.",
    casual: 'Ciao {name} 👋 Ho fatto {video} solo per te. Guardalo quando hai un minuto!',
    email:
      'Ciao {name},\n\nho registrato {video} solo per te. Dura meno di un minuto.\n\nMi piacerebbe sapere cosa ne pensi: basta rispondere a questa email.\n\nCordiali saluti,\n{sender}',
  },
};

const pt: Phrases = {
  greeting: {
    friendly: ['Olá, {name}! Espero que esteja tudo bem com você.'],
    professional: ['Olá, {name}, e agradeço por dedicar um momento a este vídeo.'],
    enthusiastic: ['Olá, {name}! Tenho algo muito empolgante para mostrar a você.'],
    casual: ['Oi, {name}, tudo bem?'],
    persuasive: ['Olá, {name}, me dê só trinta segundos.'],
  },
  intro: { full: ['Sou {sender}, da {senderCompany}.'], nameOnly: ['Sou {sender}.'], companyOnly: ['Falo em nome da {senderCompany}.'] },
  personal: ['Gravei este vídeo curto especialmente para você.'],
  campaign: ['Estou entrando em contato sobre “{campaign}”.'],
  hookPosition: ['Como {position} na {company}, sei que seu tempo é precioso, então vou direto ao ponto.'],
  hookCompany: ['Dei uma olhada no que a {company} está fazendo e vejo uma oportunidade real.'],
  hookSector: ['Trabalho com muitas equipes do setor {sector} e sempre ouço falar dos mesmos desafios.'],
  hookGeneric: ['Vou ser breve, porque sei que seu tempo é valioso.'],
  productAfter: ['Foi exatamente para isso que criamos {product}.'],
  productAlone: ['Gostaria de apresentar {product} a você.'],
  goal: ['A ideia é simples: {goal_lc}.'],
  fillers: ['Começar leva só alguns minutos.', 'Respondo com prazer a todas as suas perguntas.', 'Os resultados falam por si.'],
  cta: ['Como próximo passo, proponho o seguinte: {cta_lc}.'],
  ctaDefault: ['Basta clicar no botão abaixo deste vídeo para agendar uma conversa rápida.'],
  closing: {
    friendly: ['Valeu por assistir, {name}, até breve!'],
    professional: ['Agradeço pelo seu tempo, {name}. Fico no aguardo do seu retorno.'],
    enthusiastic: ['Valeu demais, {name}! Mal posso esperar para falar com você!'],
    casual: ['Valeu, {name}, até mais!'],
    persuasive: ['Agradeço, {name}. Você não vai se arrepender.'],
  },
  sectors: {
    automotive: 'Automotivo',
    technology: 'Tecnologia',
    retail: 'Varejo',
    healthcare: 'Saúde',
    'financial services': 'Serviços financeiros',
    education: 'Educação',
    'professional services': 'Serviços profissionais',
    'real estate': 'Imobiliário',
    hospitality: 'Hotelaria',
  },
  message: {
    video: 'um vídeo curto e personalizado',
    videoTitled: 'um vídeo curto chamado “{title}”',
    linkedin: 'Olá, {name}! Gravei {video} para você. Leva menos de um minuto, e eu adoraria saber sua opinião. Vamos nos conectar!',
    twitter: 'Oi, {name}! Fiz {video} só para você. Dá uma olhada e me diz o que achou.',
    casual: 'Oi, {name} 👋 Fiz {video} só para você. Assista quando tiver um minutinho!',
    email:
      'Olá, {name},\n\nGravei {video} especialmente para você. Leva menos de um minuto.\n\nAdoraria saber sua opinião: é só responder a este e-mail.\n\nAtenciosamente,\n{sender}',
  },
};

export const PHRASES: Readonly<Record<ScriptLanguage, Phrases>> = { en, fr, es, de, it, pt };
