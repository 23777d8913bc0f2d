import type { Words } from './words';

// Publishing to Facebook, Instagram and YouTube (decision 229): the API's refusals, the rows' notes
// and errors, the platform rules, the sandbox's pages. English → [French, Spanish].
export const PUBLISHING_WORDS: Words = {
  'Publication not found': ['Publication introuvable', 'Publicación no encontrada'],
  'Post not found': ['Publication introuvable', 'Publicación no encontrada'],
  'This video has no file stored in the app: it cannot be published': [
    'Cette vidéo n’a pas de fichier enregistré dans l’application : elle ne peut pas être publiée',
    'Este vídeo no tiene archivo guardado en la aplicación: no se puede publicar',
  ],
  'Connect this platform first': ['Connectez d’abord cette plateforme', 'Conecta primero esta plataforma'],
  'This video is already landscape': ['Cette vidéo est déjà horizontale', 'Este vídeo ya es horizontal'],
  'This video is already vertical': ['Cette vidéo est déjà verticale', 'Este vídeo ya es vertical'],
  'This video is already square': ['Cette vidéo est déjà carrée', 'Este vídeo ya es cuadrado'],
  'Only a finished video can be rendered in another shape': [
    'Seule une vidéo terminée peut être rendue dans un autre format',
    'Solo un vídeo terminado puede generarse en otro formato',
  ],
  'The connection has expired: reconnect the platform, then publish again': [
    'La connexion a expiré : reconnectez la plateforme, puis publiez à nouveau',
    'La conexión ha caducado: vuelve a conectar la plataforma y publica de nuevo',
  ],
  'This page, account or channel is not one the connection may publish to': [
    'Cette page, ce compte ou cette chaîne ne fait pas partie de ceux où la connexion peut publier',
    'Esta página, cuenta o canal no está entre los que la conexión puede publicar',
  ],
  'The scheduled time must be in the future': ['L’heure programmée doit être dans le futur', 'La hora programada debe estar en el futuro'],
  'This connection link has expired or was already used: connect again': [
    'Ce lien de connexion a expiré ou a déjà servi : connectez-vous à nouveau',
    'Este enlace de conexión ha caducado o ya se usó: conéctate de nuevo',
  ],
  'The platform did not grant access: connect again': [
    'La plateforme n’a pas accordé l’accès : connectez-vous à nouveau',
    'La plataforma no concedió el acceso: conéctate de nuevo',
  ],
  '{platform} asks to reconnect the account: reconnect it, then publish again': [
    '{platform} demande de reconnecter le compte : reconnectez-le, puis publiez à nouveau',
    '{platform} pide volver a conectar la cuenta: vuelve a conectarla y publica de nuevo',
  ],
  'Waiting for the platform’s upload quota: trying again at {time} UTC': [
    'En attente du quota d’envoi de la plateforme : nouvel essai à {time} UTC',
    'Esperando la cuota de subida de la plataforma: nuevo intento a las {time} UTC',
  ],
  'The upload kept failing: {reason}': ['L’envoi a échoué à chaque essai : {reason}', 'La subida falló en cada intento: {reason}'],
  'This publication has no post yet': ['Cette publication n’a pas encore de post', 'Esta publicación aún no tiene post'],
  '{platform} needs a video of at least {min} seconds: this one lasts {actual} seconds': [
    '{platform} demande une vidéo d’au moins {min} secondes : celle-ci dure {actual} secondes',
    '{platform} necesita un vídeo de al menos {min} segundos: este dura {actual} segundos',
  ],
  '{platform} accepts videos up to {max}: this one lasts {actual}': [
    '{platform} accepte des vidéos jusqu’à {max} : celle-ci dure {actual}',
    '{platform} acepta vídeos de hasta {max}: este dura {actual}',
  ],
  '{platform} accepts files up to {max}: this one is {actual}': [
    '{platform} accepte des fichiers jusqu’à {max} : celui-ci fait {actual}',
    '{platform} acepta archivos de hasta {max}: este ocupa {actual}',
  ],
  'Videos over 15 minutes need a verified YouTube account: verify the channel, then publish again': [
    'Les vidéos de plus de 15 minutes demandent un compte YouTube validé : validez la chaîne, puis publiez à nouveau',
    'Los vídeos de más de 15 minutos necesitan una cuenta de YouTube verificada: verifica el canal y publica de nuevo',
  ],
  'Instagram shows Reels vertically (9:16): this video is landscape and will be cropped': [
    'Instagram affiche les Reels à la verticale (9:16) : cette vidéo est horizontale et sera recadrée',
    'Instagram muestra los Reels en vertical (9:16): este vídeo es horizontal y se recortará',
  ],
  'Connect {platform} for publishing (sandbox)': ['Connecter {platform} pour publier (bac à sable)', 'Conectar {platform} para publicar (pruebas)'],
  'The app publishes with the sandbox: nothing is sent to the platform. What you publish appears on the sandbox posts page.': [
    'L’application publie avec le bac à sable : rien n’est envoyé à la plateforme. Ce que vous publiez apparaît sur la page des posts du bac à sable.',
    'La aplicación publica con el entorno de pruebas: no se envía nada a la plataforma. Lo que publiques aparece en la página de posts de pruebas.',
  ],
  'Scheduled for': ['Programmé pour', 'Programado para'],
  'Plays: {n}': ['Lectures : {n}', 'Reproducciones: {n}'],
  'Sandbox posts': ['Posts du bac à sable', 'Posts de pruebas'],
  'Nothing published yet. Videos published while no platform is configured appear here.': [
    'Rien de publié pour l’instant. Les vidéos publiées tant qu’aucune plateforme n’est configurée apparaissent ici.',
    'Nada publicado todavía. Los vídeos publicados mientras no haya ninguna plataforma configurada aparecen aquí.',
  ],
  'Videos published to Facebook, Instagram and YouTube while those platforms are not configured. Nothing here left this machine.': [
    'Vidéos publiées sur Facebook, Instagram et YouTube tant que ces plateformes ne sont pas configurées. Rien ici n’a quitté cette machine.',
    'Vídeos publicados en Facebook, Instagram y YouTube mientras esas plataformas no están configuradas. Nada de esto salió de esta máquina.',
  ],
};
