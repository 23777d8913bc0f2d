import type { NamespaceDashboardTranslation } from '../../i18n-types';

const fr_dashboard = {
  title: 'Indicateurs de performance',
  welcome: 'Bienvenue, {name}',
  subtitle: 'Vos vidéos, leurs vues et vos campagnes en un coup d’œil.',
  videoCount: 'Vidéos',
  totalViews: 'Vues totales',
  engagementRate: 'Taux d’engagement',
  remainingCredits: 'Crédits restants',
  unlimited: 'Illimités',
  topCampaigns: 'Meilleures campagnes',
  topCampaignsHint: 'Vos cinq campagnes les plus vues.',
  viewAll: 'Tout voir',
  noCampaigns: 'Aucune campagne pour l’instant',
  noCampaignsText: 'Regroupez vos vidéos dans une campagne pour suivre leurs résultats ici.',
  createCampaign: 'Créer une campagne',
  popularTemplates: 'Modèles populaires',
  popularTemplatesHint: 'Les modèles que vos vidéos utilisent le plus.',
  useTemplate: 'Utiliser le modèle',
  templateTypes: {
    business: 'Professionnel',
    social: 'Réseaux sociaux',
    personal: 'Personnel',
  },
  table: {
    campaign: 'Campagne',
    status: 'Statut',
    videos: 'Vidéos',
    deliveredTo: 'Envoyée à',
    views: 'Vues',
    engagement: 'Engagement',
    ctr: 'CTR',
  },
} satisfies NamespaceDashboardTranslation;

export default fr_dashboard;
