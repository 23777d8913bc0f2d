import type { NamespaceShareLinkTranslation } from '../../i18n-types';

const fr_shareLink = {
  title: 'Partager cette vidéo',
  hint: 'Un lien suivi vers la page de la vidéo',
  making: 'Création du lien…',
  linkLabel: 'Lien de partage',
  tracked: 'Toute personne disposant de ce lien peut regarder. Les vues, la progression et les clics via ce lien comptent dans vos statistiques.',
  copy: 'Copier le lien',
  copied: 'Lien copié',
  copiedText: 'Le lien de la page de la vidéo est dans votre presse-papiers.',
  copyFailed: 'Impossible de copier le lien',
  regenerate: 'Nouveau lien',
  regenerated: 'Nouveau lien copié',
  regenerateWarning: 'Le lien actuel cessera de fonctionner.',
  revoke: 'Désactiver le lien',
  revoked: 'Lien désactivé',
  revokedText: 'La page ne s’ouvre plus. Ses vues restent dans vos statistiques.',
  revokeWarning: 'Les personnes qui ont le lien ne pourront plus regarder.',
  offText: 'Cette vidéo n’a pas de lien de partage.',
  create: 'Créer un lien',
  failed: 'Échec du partage',
} satisfies NamespaceShareLinkTranslation;

export default fr_shareLink;
