import type { NamespaceLimitsTranslation } from '../../i18n-types';

const es_limits = {
  videos: 'Has usado los {count} vídeos de tu plan {plan} este mes.',
  upgradeVideos: 'Pasa a {plan} para {count} al mes.',
  upgradeUnlimited: 'Pasa a {plan} para vídeos ilimitados.',
  storage: 'Tu almacenamiento está lleno: tu plan {plan} incluye {size}.',
  upgradeStorage: 'Pasa a {plan} para {size}.',
  trial: 'Tu prueba ha terminado: elige un plan para seguir creando vídeos.',
  seePlans: 'Ver planes',
} satisfies NamespaceLimitsTranslation;

export default es_limits;
