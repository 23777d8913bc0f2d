import type { NamespaceDashboardTranslation } from '../../i18n-types';

const es_dashboard = {
  title: 'Indicadores de rendimiento',
  welcome: 'Bienvenido, {name}',
  subtitle: 'Tus vídeos, sus visualizaciones y tus campañas de un vistazo.',
  videoCount: 'Vídeos',
  totalViews: 'Visualizaciones totales',
  engagementRate: 'Tasa de interacción',
  remainingCredits: 'Créditos restantes',
  unlimited: 'Ilimitados',
  topCampaigns: 'Mejores campañas',
  topCampaignsHint: 'Tus cinco campañas con más visualizaciones.',
  viewAll: 'Ver todas',
  noCampaigns: 'Aún no hay campañas',
  noCampaignsText: 'Agrupa tus vídeos en una campaña para seguir sus resultados aquí.',
  createCampaign: 'Crear campaña',
  popularTemplates: 'Plantillas populares',
  popularTemplatesHint: 'Las plantillas que más usan tus vídeos.',
  useTemplate: 'Usar plantilla',
  templateTypes: {
    business: 'Negocios',
    social: 'Redes sociales',
    personal: 'Personal',
  },
  table: {
    campaign: 'Campaña',
    status: 'Estado',
    videos: 'Vídeos',
    deliveredTo: 'Enviado a',
    views: 'Visualizaciones',
    engagement: 'Interacción',
    ctr: 'CTR',
  },
} satisfies NamespaceDashboardTranslation;

export default es_dashboard;
