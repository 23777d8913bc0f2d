import type { NamespaceClipsTranslation } from '../../i18n-types';

const es_clips = {
  title: 'Mis clips de vídeo',
  subtitle: 'Los clips de avatar parlante que has generado.',
  refresh: 'Actualizar',
  createNew: 'Crear nuevo vídeo',
  fetchFailed: 'No se pudieron obtener los clips',
  refreshFailed: 'Error al actualizar',
  empty: 'Todavía no hay clips',
  emptyText: 'Tus clips de avatar parlante aparecen aquí en cuanto generas uno.',
  untitled: 'Clip sin título',
  createdOn: 'Creado el {date}',
  status: {
    done: 'Listo',
    completed: 'Completado',
    created: 'Creado',
    started: 'Iniciado',
    processing: 'Procesando',
    error: 'Error',
    rejected: 'Rechazado',
  },
  watch: 'Ver',
  reuse: 'Reutilizar',
  reuseHint: 'Solo se pueden reutilizar los clips terminados',
} satisfies NamespaceClipsTranslation;

export default es_clips;
