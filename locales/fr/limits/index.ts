import type { NamespaceLimitsTranslation } from '../../i18n-types';

const fr_limits = {
  videos: 'Vous avez utilisé les {count} vidéos de votre offre {plan} ce mois-ci.',
  upgradeVideos: 'Passez à {plan} pour {count} par mois.',
  upgradeUnlimited: 'Passez à {plan} pour des vidéos illimitées.',
  storage: 'Votre stockage est plein : votre offre {plan} contient {size}.',
  upgradeStorage: 'Passez à {plan} pour {size}.',
  trial: 'Votre essai est terminé : choisissez une offre pour continuer à créer des vidéos.',
  seePlans: 'Voir les offres',
} satisfies NamespaceLimitsTranslation;

export default fr_limits;
