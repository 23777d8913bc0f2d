import type { NamespaceHelpTranslation } from '../../i18n-types';

const fr_help = {
  title: 'Aide',
  subtitle: 'Réponses, tutoriels et support.',
  search: "Rechercher dans l'aide",
  noResults: 'Aucune question ne correspond à « {query} ».',
  faq: 'Questions fréquentes',
  q: {
    lengthQ: 'Quelle peut être la durée d’une vidéo ?',
    lengthA: "Jusqu'à {basic} minutes avec {basicName}, {pro} minutes avec {proName} et {enterprise} minutes avec {enterpriseName}.",
    generationQ: 'Combien de temps faut-il pour générer une vidéo ?',
    generationA: "En général {min} à {max} minutes, et jusqu'à {longest} minutes pour les vidéos longues.",
    trialQ: 'Y a-t-il un essai gratuit ?',
    trialA:
      "Oui : chaque nouveau compte bénéficie d'un essai gratuit de {days} jours de l'offre {plan}. Aucune carte n'est demandée et vous pouvez résilier à tout moment.",
    plansQ: 'Quelles sont les offres ?',
    plansA: '{plans}. La facturation annuelle fait économiser {percent} %.',
    changePlanQ: "Comment changer d'offre ?",
    changePlanA: 'Ouvrez Abonnement, choisissez la facturation mensuelle ou annuelle, sélectionnez une offre et confirmez.',
    languagesQ: 'Quelles langues sont prises en charge ?',
    languagesA: "L'interface existe en anglais, français et espagnol ; les avatars parlent anglais, français, espagnol, allemand, italien et portugais.",
    supportQ: 'Quand le support est-il disponible ?',
    supportA: 'Le support est disponible 24 h/24, 7 j/7.',
    apiQ: 'Existe-t-il une API ?',
    apiA: "Oui. Générez une clé d'API dans Paramètres → Avancé et envoyez-la comme jeton Bearer aux points d'accès /api.",
  },
  tutorials: 'Tutoriels',
  supportTitle: 'Support',
  supportCards: {
    tutorialsTitle: 'Tutoriels vidéo',
    tutorialsText: "Des guides pas à pas pour chaque partie de l'application.",
    tutorialsAction: 'Ouvrir les tutoriels',
    accountTitle: 'Compte et facturation',
    accountText: 'Changez d’offre, consultez factures et consommation.',
    accountAction: "Ouvrir l'abonnement",
    settingsTitle: 'Paramètres',
    settingsText: "Langue, thème, notifications et clés d'API.",
    settingsAction: 'Ouvrir les paramètres',
    available: 'Le support est disponible 24 h/24, 7 j/7.',
  },
} satisfies NamespaceHelpTranslation;

export default fr_help;
