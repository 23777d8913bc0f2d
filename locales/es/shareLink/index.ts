import type { NamespaceShareLinkTranslation } from '../../i18n-types';

const es_shareLink = {
  title: 'Compartir este vídeo',
  hint: 'Un enlace con seguimiento a la página del vídeo',
  making: 'Creando el enlace…',
  linkLabel: 'Enlace para compartir',
  tracked: 'Cualquiera con este enlace puede verlo. Las visualizaciones, el progreso y los clics a través de él cuentan en tus estadísticas.',
  copy: 'Copiar enlace',
  copied: 'Enlace copiado',
  copiedText: 'El enlace de la página del vídeo está en tu portapapeles.',
  copyFailed: 'No se pudo copiar el enlace',
  regenerate: 'Nuevo enlace',
  regenerated: 'Nuevo enlace copiado',
  regenerateWarning: 'El enlace actual dejará de funcionar.',
  revoke: 'Desactivar enlace',
  revoked: 'Enlace desactivado',
  revokedText: 'La página ya no se abre. Sus visualizaciones siguen en tus estadísticas.',
  revokeWarning: 'Quienes tengan el enlace ya no podrán verlo.',
  offText: 'Este vídeo no tiene enlace para compartir.',
  create: 'Crear un enlace',
  failed: 'Error al compartir',
} satisfies NamespaceShareLinkTranslation;

export default es_shareLink;
