import type { NamespaceLimitsTranslation } from '../../i18n-types';

const fr_limits = {
  videos: 'Vous avez utilisé les {count} vidéos de votre offre {plan} ce mois-ci.',
  upgradeVideos: 'Passez à {plan} pour {count} par mois.',
  upgradeUnlimited: 'Passez à {plan} pour des vidéos illimitées.',
  storage: 'Votre stockage est plein : votre offre {plan} contient {size}.',
  upgradeStorage: 'Passez à {plan} pour {size}.',
  trial: 'Votre essai est terminé : choisissez une offre pour continuer à créer des vidéos.',
  scriptLength: 'Ce script donne une vidéo d’environ {minutes} min ; votre offre {plan} permet des vidéos de {max} min au plus.',
  upgradeLength: 'Raccourcissez-le ou passez à {plan} pour des vidéos jusqu’à {max} min.',
  shorten: 'Raccourcissez-le pour continuer.',
  profiles: 'Votre offre {plan} permet {count} profils sociaux, tous utilisés.',
  upgradeProfiles: 'Déconnectez-en un ou passez à {plan} pour {count}.',
  upgradeProfilesUnlimited: 'Déconnectez-en un ou passez à {plan} pour des profils illimités.',
  disconnectOne: 'Déconnectez-en un pour en connecter un autre.',
  reachedTitle: 'Limite de l’offre atteinte',
  lengthOk: 'Votre offre {plan} permet des vidéos jusqu’à {max} min',
  seePlans: 'Voir les offres',
} satisfies NamespaceLimitsTranslation;

export default fr_limits;
