import type { NamespaceTutorialTranslation } from '../../i18n-types';

const es_tutorial = {
  title: 'Tutoriales',
  subtitle: 'Aprende a crear y enviar vídeos personalizados.',
  gettingStarted: {
    title: 'Primeros pasos',
    steps: 'Completa tu perfil y sube una foto.|Elige tu idioma y tu tema en Ajustes.|Revisa tu plan y tu consumo en Suscripción.',
  },
  firstVideo: {
    title: 'Crea tu primer vídeo',
    steps:
      'Haz clic en Crear nuevo en la barra lateral.|Elige un avatar, una voz y una plantilla.|Escribe tu guion; usa variables como {variable} para personalizarlo.|Genera el vídeo y sigue su progreso.',
  },
  runCampaign: {
    title: 'Lanza una campaña',
    steps:
      'Abre Campañas y crea una campaña.|Selecciona vídeos y completa el nombre, el sector, las fechas y el presupuesto.|Elige las plataformas de distribución y lanza.',
  },
  sendVideos: {
    title: 'Envía vídeos a tus contactos',
    steps:
      'Conecta tus cuentas en Perfiles sociales.|Importa tus contactos desde un archivo CSV.|Envía: cada contacto recibe una página personal con su vídeo.',
  },
} satisfies NamespaceTutorialTranslation;

export default es_tutorial;
