import type { NamespaceDiagnosticsTranslation } from '../../i18n-types';

const es_diagnostics = {
  creatify: {
    title: 'Prueba de avatar parlante',
    subtitle: 'Página de diagnóstico: inicia una tarea de avatar parlante y sigue su estado.',
    script: 'Guion',
    scriptPlaceholder: '¡Hola! Esta es una breve prueba de avatar parlante.',
    avatarId: 'ID del avatar',
    avatarIdHint: 'Un ID de la biblioteca de avatares, por ejemplo stock-0.',
    voiceId: 'ID de la voz',
    voiceIdHint: 'Déjalo vacío para usar la voz predeterminada.',
    generate: 'Generar vídeo',
    generating: 'Iniciando…',
    taskId: 'ID de la tarea',
    checkStatus: 'Comprobar estado',
    stop: 'Detener',
    noVideoId: 'No se proporcionó ningún ID de vídeo',
    noVideoIdText: 'Genera un vídeo o pega primero un ID de tarea.',
    generateFailed: 'Error al generar el vídeo...',
    checkFailed: 'Error al comprobar el estado del vídeo...',
    status: 'Estado',
    attempt: 'Comprobación {n} de {max}',
    nextCheck: 'Próxima comprobación en {seconds} s',
    progress: 'Progreso',
    phase: {
      idle: 'Sin iniciar',
      polling: 'Procesando',
      ready: 'Listo',
      failed: 'Error',
      timeout: 'Tiempo agotado',
    },
    timeoutText: 'Puede que el vídeo siga procesándose. Comprueba su estado más tarde.',
    result: 'Resultado',
    openVideo: 'Abrir el vídeo',
  },
} satisfies NamespaceDiagnosticsTranslation;

export default es_diagnostics;
