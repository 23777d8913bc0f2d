import type { NamespaceTutorialTranslation } from '../../i18n-types';

const fr_tutorial = {
  title: 'Tutoriels',
  subtitle: 'Apprenez à créer et envoyer des vidéos personnalisées.',
  gettingStarted: {
    title: 'Premiers pas',
    steps:
      'Complétez votre profil et ajoutez une photo.|Choisissez votre langue et votre thème dans les Paramètres.|Vérifiez votre offre et votre consommation dans Abonnement.',
  },
  firstVideo: {
    title: 'Créer votre première vidéo',
    steps:
      'Cliquez sur Créer dans la barre latérale.|Choisissez un avatar, une voix et un modèle.|Écrivez votre script ; utilisez des variables comme {variable} pour le personnaliser.|Générez la vidéo et suivez sa progression.',
  },
  runCampaign: {
    title: 'Mener une campagne',
    steps:
      'Ouvrez Campagnes et créez une campagne.|Sélectionnez des vidéos, puis renseignez le nom, le secteur, les dates et le budget.|Choisissez les plateformes de diffusion et lancez.',
  },
  sendVideos: {
    title: 'Envoyer des vidéos à vos contacts',
    steps:
      'Connectez vos comptes dans Profils sociaux.|Importez vos contacts depuis un fichier CSV.|Envoyez : chaque contact reçoit une page personnelle avec sa vidéo.',
  },
} satisfies NamespaceTutorialTranslation;

export default fr_tutorial;
