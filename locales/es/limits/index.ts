import type { NamespaceLimitsTranslation } from '../../i18n-types';

const es_limits = {
  videos: 'Has usado los {count} vídeos de tu plan {plan} este mes.',
  upgradeVideos: 'Pasa a {plan} para {count} al mes.',
  upgradeUnlimited: 'Pasa a {plan} para vídeos ilimitados.',
  storage: 'Tu almacenamiento está lleno: tu plan {plan} incluye {size}.',
  upgradeStorage: 'Pasa a {plan} para {size}.',
  trial: 'Tu prueba ha terminado: elige un plan para seguir creando vídeos.',
  scriptLength: 'Este guion da un vídeo de unos {minutes} min; tu plan {plan} permite vídeos de hasta {max} min.',
  upgradeLength: 'Acórtalo o pasa a {plan} para vídeos de hasta {max} min.',
  shorten: 'Acórtalo para continuar.',
  profiles: 'Tu plan {plan} permite {count} perfiles sociales, todos en uso.',
  upgradeProfiles: 'Desconecta uno o pasa a {plan} para {count}.',
  upgradeProfilesUnlimited: 'Desconecta uno o pasa a {plan} para perfiles ilimitados.',
  disconnectOne: 'Desconecta uno para conectar otro.',
  reachedTitle: 'Límite del plan alcanzado',
  lengthOk: 'Tu plan {plan} permite vídeos de hasta {max} min',
  seePlans: 'Ver planes',
} satisfies NamespaceLimitsTranslation;

export default es_limits;
