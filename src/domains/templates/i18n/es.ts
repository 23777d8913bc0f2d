import type { CatalogueWords } from './types';

export const es: CatalogueWords = {
  labels: {
    first_name: 'Nombre',
    company: 'Empresa',
    our_company: 'Tu empresa',
    call_to_action: 'Llamada a la acción',
    role: 'Puesto',
    product: 'Producto',
    event: 'Evento',
    date: 'Fecha',
    avatar: 'Avatar',
    voice: 'Voz',
  },
  background: (name) => `Fondo ${name}`,
  templates: {
    'sales-intro': {
      name: 'Presentación comercial',
      description: 'Preséntate y presenta tu oferta a un cliente potencial, llamándolo por su nombre.',
      script:
        'Hola {first_name}, he visto el gran trabajo que está haciendo {company}. Ayudamos a equipos como el tuyo a cerrar más ventas con vídeos personalizados. {call_to_action}',
      defaults: { first_name: 'a todos', company: 'tu empresa', call_to_action: '¿Podemos reservar quince minutos esta semana?' },
    },
    recruitment: {
      name: 'Contacto de selección',
      description: 'Invita a un candidato a hablar de un puesto vacante.',
      script: 'Hola {first_name}, estoy buscando un {role} para {our_company} y tu perfil me ha llamado la atención. {call_to_action}',
      defaults: { first_name: 'a todos', role: 'diseñador de producto', our_company: 'nuestra empresa', call_to_action: '¿Te parece bien una llamada breve?' },
    },
    'customer-thanks': {
      name: 'Agradecimiento al cliente',
      description: 'Da las gracias a un cliente fiel y cuéntale lo que viene.',
      script: 'Querido {first_name}, gracias por elegir {our_company}. Significa mucho para todo nuestro equipo. {call_to_action}',
      defaults: { first_name: 'cliente', our_company: 'nuestra empresa', call_to_action: 'Tu regalo de fidelidad te espera en tu cuenta.' },
    },
    'product-launch': {
      name: 'Lanzamiento de producto',
      description: 'Anuncia un producto nuevo con una llamada a la acción clara.',
      script: '¡Hola {first_name}! Hoy {our_company} lanza {product}. Está pensado para personas como tú. {call_to_action}',
      defaults: { first_name: 'a todos', our_company: 'nuestro equipo', product: 'algo nuevo', call_to_action: 'Toca el enlace para probarlo gratis.' },
    },
    'event-invite': {
      name: 'Invitación a un evento',
      description: 'Invita a tus contactos a un seminario web, una jornada de demostración o una visita.',
      script: 'Hola {first_name}, estás invitado a {event} el {date}. Hemos reservado un sitio para {company}. {call_to_action}',
      defaults: {
        first_name: 'a todos',
        event: 'nuestra demo en directo',
        date: 'jueves',
        company: 'tu empresa',
        call_to_action: 'Responde para confirmar tu plaza.',
      },
    },
    'follow-up': {
      name: 'Seguimiento de reunión',
      description: 'Resume una reunión y propone el siguiente paso.',
      script: 'Hola {first_name}, gracias de nuevo por nuestra conversación sobre {company}. Como prometí, aquí tienes un breve resumen. {call_to_action}',
      defaults: { first_name: 'a todos', company: 'tu empresa', call_to_action: '¿Programamos el siguiente paso?' },
    },
    'story-welcome': {
      name: 'Historia de bienvenida',
      description: 'Un mensaje de bienvenida vertical para nuevos clientes, pensado para historias y móvil.',
      script: '¡Bienvenido a bordo, {first_name}! Todo el equipo de {our_company} se alegra de tenerte aquí. {call_to_action}',
      defaults: { first_name: 'amigo', our_company: 'nuestra empresa', call_to_action: 'Abre la aplicación para hacer el recorrido de dos minutos.' },
    },
  },
};
