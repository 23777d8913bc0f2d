import type { NamespaceHelpTranslation } from '../../i18n-types';

const es_help = {
  title: 'Ayuda',
  subtitle: 'Respuestas, tutoriales y soporte.',
  search: 'Buscar en la ayuda',
  noResults: 'Ninguna pregunta coincide con «{query}».',
  faq: 'Preguntas frecuentes',
  q: {
    lengthQ: '¿Cuánto puede durar un vídeo?',
    lengthA: 'Hasta {basic} minutos con {basicName}, {pro} minutos con {proName} y {enterprise} minutos con {enterpriseName}.',
    generationQ: '¿Cuánto se tarda en generar un vídeo?',
    generationA: 'Normalmente de {min} a {max} minutos, y hasta {longest} minutos para vídeos largos.',
    trialQ: '¿Hay una prueba gratuita?',
    trialA: 'Sí: cada cuenta nueva tiene una prueba gratuita de {days} días del plan {plan}. No se pide tarjeta y puedes cancelar cuando quieras.',
    plansQ: '¿Qué planes hay?',
    plansA: '{plans}. La facturación anual ahorra un {percent} %.',
    changePlanQ: '¿Cómo cambio de plan?',
    changePlanA: 'Abre Suscripción, elige facturación mensual o anual, selecciona un plan y confirma.',
    languagesQ: '¿Qué idiomas se admiten?',
    languagesA: 'La interfaz está en inglés, francés y español; los avatares hablan inglés, francés, español, alemán, italiano y portugués.',
    supportQ: '¿Cuándo está disponible el soporte?',
    supportA: 'El soporte está disponible 24/7.',
    apiQ: '¿Hay una API?',
    apiA: 'Sí. Genera una clave de API en Ajustes → Avanzado y envíala como token Bearer a los endpoints /api.',
  },
  tutorials: 'Tutoriales',
  supportTitle: 'Soporte',
  supportCards: {
    tutorialsTitle: 'Vídeos tutoriales',
    tutorialsText: 'Guías paso a paso para cada parte de la aplicación.',
    tutorialsAction: 'Abrir tutoriales',
    accountTitle: 'Cuenta y facturación',
    accountText: 'Cambia de plan, consulta facturas y consumo.',
    accountAction: 'Abrir suscripción',
    settingsTitle: 'Ajustes',
    settingsText: 'Idioma, tema, notificaciones y claves de API.',
    settingsAction: 'Abrir ajustes',
    available: 'El soporte está disponible 24/7.',
  },
} satisfies NamespaceHelpTranslation;

export default es_help;
