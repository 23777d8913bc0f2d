import type { NamespaceDiagnosticsTranslation } from '../../i18n-types';

const fr_diagnostics = {
  creatify: {
    title: "Test d'avatar parlant",
    subtitle: "Page de diagnostic : lancez une tâche d'avatar parlant et suivez son statut.",
    script: 'Script',
    scriptPlaceholder: "Bonjour ! Ceci est un court test d'avatar parlant.",
    avatarId: "Identifiant de l'avatar",
    avatarIdHint: "Un identifiant de la bibliothèque d'avatars, par exemple stock-0.",
    voiceId: 'Identifiant de la voix',
    voiceIdHint: 'Laissez vide pour la voix par défaut.',
    generate: 'Générer la vidéo',
    generating: 'Démarrage…',
    taskId: 'Identifiant de la tâche',
    checkStatus: 'Vérifier le statut',
    stop: 'Arrêter',
    noVideoId: 'Aucun identifiant de vidéo fourni',
    noVideoIdText: "Générez une vidéo ou collez d'abord un identifiant de tâche.",
    generateFailed: 'Échec de la génération de la vidéo...',
    checkFailed: 'Échec de la vérification du statut de la vidéo...',
    status: 'Statut',
    attempt: 'Vérification {n} sur {max}',
    nextCheck: 'Prochaine vérification dans {seconds} s',
    progress: 'Progression',
    phase: {
      idle: 'Non démarrée',
      polling: 'En traitement',
      ready: 'Prête',
      failed: 'Échec',
      timeout: 'Délai dépassé',
    },
    timeoutText: 'La vidéo est peut-être encore en traitement. Vérifiez son statut plus tard.',
    result: 'Résultat',
    openVideo: 'Ouvrir la vidéo',
  },
} satisfies NamespaceDiagnosticsTranslation;

export default fr_diagnostics;
