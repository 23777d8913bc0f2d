import type { Words } from './words';

// The pages the server writes itself, outside the app's screens: a recipient's unsubscribe page and the
// landing pages' error pages (distribution/pages.ts), the connect flow's and the sandbox inbox's pages
// (social/pages.ts). English → [French, Spanish]; `{params}` are escaped by the page before they are filled in.
// ('Link not found' and the sandbox connect flow's two result lines are in words-sending.ts.)
export const PAGE_WORDS: Words = {
  // Unsubscribe and landing pages, in the recipient's language.
  Unsubscribe: ['Se désabonner', 'Darse de baja'],
  'Stop receiving videos from {sender}?': ['Ne plus recevoir de vidéos de {sender} ?', '¿Dejar de recibir vídeos de {sender}?'],
  'Stop receiving videos from {sender} at {address}?': [
    'Ne plus recevoir de vidéos de {sender} à l’adresse {address} ?',
    '¿Dejar de recibir vídeos de {sender} en {address}?',
  ],
  Unsubscribed: ['Désabonnement effectué', 'Baja confirmada'],
  'You are unsubscribed': ['Vous êtes désabonné', 'Te has dado de baja'],
  'You will not receive videos from {sender} any more.': ['Vous ne recevrez plus de vidéos de {sender}.', 'Ya no recibirás vídeos de {sender}.'],
  '{address} will not receive videos from {sender} any more.': [
    '{address} ne recevra plus de vidéos de {sender}.',
    '{address} ya no recibirá vídeos de {sender}.',
  ],
  'This link is not valid': ['Ce lien n’est pas valide', 'Este enlace no es válido'],
  'The video may have been removed by its sender, or the address was mistyped.': [
    'La vidéo a peut-être été supprimée par son expéditeur, ou l’adresse a été mal saisie.',
    'Puede que el remitente haya eliminado el vídeo o que la dirección esté mal escrita.',
  ],
  'Video no longer available': ['Vidéo plus disponible', 'Vídeo ya no disponible'],
  'This video is no longer available': ['Cette vidéo n’est plus disponible', 'Este vídeo ya no está disponible'],
  'Its sender has deleted it. If you still need it, ask them to send it again.': [
    'Son expéditeur l’a supprimée. Si vous en avez encore besoin, demandez-lui de vous la renvoyer.',
    'Su remitente lo ha eliminado. Si aún lo necesitas, pídele que te lo envíe de nuevo.',
  ],
  'Video being prepared': ['Vidéo en préparation', 'Vídeo en preparación'],
  'This video is being prepared': ['Cette vidéo est en cours de préparation', 'Este vídeo se está preparando'],
  'It will be ready in a moment: this page reloads by itself.': [
    'Elle sera prête dans un instant : cette page se recharge toute seule.',
    'Estará listo en un momento: esta página se recarga sola.',
  ],

  // The connect flow and the sandbox inbox, in the user's language.
  'Connect {platform} (sandbox)': ['Connecter {platform} (bac à sable)', 'Conectar {platform} (entorno de pruebas)'],
  'Connect an account (sandbox)': ['Connecter un compte (bac à sable)', 'Conectar una cuenta (entorno de pruebas)'],
  'The app runs with the sandbox messaging provider: no real account is contacted.': [
    'L’application utilise le service de messagerie de test (bac à sable) : aucun vrai compte n’est contacté.',
    'La aplicación usa el servicio de mensajería de pruebas: no se contacta con ninguna cuenta real.',
  ],
  'Allowing creates a sandbox connection for {user}; messages sent through it land in your {inbox}.': [
    'Autoriser crée une connexion de test pour {user} ; les messages envoyés par elle arrivent dans votre {inbox}.',
    'Al permitirlo se crea una conexión de prueba para {user}; los mensajes enviados por ella llegan a tu {inbox}.',
  ],
  'sandbox inbox': ['boîte de réception de test', 'bandeja de entrada de pruebas'],
  Platform: ['Plateforme', 'Plataforma'],
  'Account name': ['Nom du compte', 'Nombre de la cuenta'],
  Allow: ['Autoriser', 'Permitir'],
  Cancel: ['Annuler', 'Cancelar'],
  'Connection completed': ['Connexion effectuée', 'Conexión completada'],
  'Connection not completed': ['Connexion non effectuée', 'Conexión no completada'],
  'The account is connected. This window closes by itself.': [
    'Le compte est connecté. Cette fenêtre se ferme toute seule.',
    'La cuenta está conectada. Esta ventana se cierra sola.',
  ],
  'The account could not be connected.': ['Le compte n’a pas pu être connecté.', 'No se pudo conectar la cuenta.'],
  Continue: ['Continuer', 'Continuar'],
  'Sign in to continue': ['Connectez-vous pour continuer', 'Inicia sesión para continuar'],
  'Sign in to the app in this browser, then open the link again.': [
    'Connectez-vous à l’application dans ce navigateur, puis ouvrez à nouveau le lien.',
    'Inicia sesión en la aplicación en este navegador y vuelve a abrir el enlace.',
  ],
  'Sign in': ['Se connecter', 'Iniciar sesión'],
  'Link expired': ['Lien expiré', 'Enlace caducado'],
  'Not connected': ['Non connecté', 'No conectado'],
  'No HTML part': ['Pas de partie HTML', 'Sin parte HTML'],
  'This message has a text part only.': ['Ce message n’a qu’une partie texte.', 'Este mensaje solo tiene una parte de texto.'],
  Sandbox: ['Bac à sable', 'Pruebas'],
  'Sandbox inbox': ['Boîte de réception de test', 'Bandeja de entrada de pruebas'],
  'Messages sent while no real provider is configured. Nothing here left this machine.': [
    'Les messages envoyés tant qu’aucun vrai service n’est configuré. Rien ici n’a quitté cette machine.',
    'Mensajes enviados mientras no hay ningún servicio real configurado. Nada de esto ha salido de esta máquina.',
  ],
  'No messages yet. Everything the sandbox providers send appears here.': [
    'Aucun message pour l’instant. Tout ce que les services de test envoient apparaît ici.',
    'Aún no hay mensajes. Todo lo que envían los servicios de prueba aparece aquí.',
  ],
  'Sent to {to}': ['Envoyé à {to}', 'Enviado a {to}'],
  'Sent to {to} by {from}': ['Envoyé à {to} par {from}', 'Enviado a {to} por {from}'],
  'View HTML': ['Voir le HTML', 'Ver el HTML'],
};
