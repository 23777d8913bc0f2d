import type { CatalogueWords } from './types';

export const pt: CatalogueWords = {
  labels: {
    first_name: 'Nome',
    company: 'Empresa',
    our_company: 'A sua empresa',
    call_to_action: 'Chamada para ação',
    role: 'Cargo',
    product: 'Produto',
    event: 'Evento',
    date: 'Data',
    avatar: 'Avatar',
    voice: 'Voz',
  },
  background: (name) => `Fundo ${name}`,
  templates: {
    'sales-intro': {
      name: 'Apresentação comercial',
      description: 'Apresente-se e apresente a sua oferta a um potencial cliente, pelo nome.',
      script:
        'Olá {first_name}, reparei no ótimo trabalho que a {company} está a fazer. Ajudamos equipas como a sua a fechar mais negócios com vídeos personalizados. {call_to_action}',
      defaults: { first_name: 'a todos', company: 'sua empresa', call_to_action: 'Podemos marcar quinze minutos esta semana?' },
    },
    recruitment: {
      name: 'Contacto de recrutamento',
      description: 'Convide um candidato a conversar sobre uma vaga em aberto.',
      script: 'Olá {first_name}, estou a recrutar um {role} para a {our_company} e o seu perfil destacou-se. {call_to_action}',
      defaults: {
        first_name: 'a todos',
        role: 'designer de produto',
        our_company: 'nossa empresa',
        call_to_action: 'Estaria disponível para uma chamada curta?',
      },
    },
    'customer-thanks': {
      name: 'Agradecimento ao cliente',
      description: 'Agradeça a um cliente fiel e partilhe o que vem a seguir.',
      script: 'Caro {first_name}, obrigado por escolher a {our_company}. Significa muito para toda a nossa equipa. {call_to_action}',
      defaults: { first_name: 'cliente', our_company: 'nossa empresa', call_to_action: 'O seu presente de fidelidade está à sua espera na sua conta.' },
    },
    'product-launch': {
      name: 'Lançamento de produto',
      description: 'Anuncie um novo produto com uma chamada para ação clara.',
      script: 'Olá {first_name}! Hoje a {our_company} lança {product}. Foi criado para pessoas exatamente como você. {call_to_action}',
      defaults: { first_name: 'a todos', our_company: 'nossa equipa', product: 'uma novidade', call_to_action: 'Toque no link para experimentar grátis.' },
    },
    'event-invite': {
      name: 'Convite para evento',
      description: 'Convide contactos para um webinar, um dia de demonstração ou uma visita.',
      script: 'Olá {first_name}, está convidado para {event} na {date}. Reservámos um lugar para a {company}. {call_to_action}',
      defaults: {
        first_name: 'a todos',
        event: 'a nossa demo ao vivo',
        date: 'quinta-feira',
        company: 'sua empresa',
        call_to_action: 'Responda para confirmar o seu lugar.',
      },
    },
    'follow-up': {
      name: 'Seguimento de reunião',
      description: 'Resuma uma reunião e proponha o próximo passo.',
      script: 'Olá {first_name}, obrigado novamente pela nossa conversa sobre a {company}. Como prometido, aqui fica um breve resumo. {call_to_action}',
      defaults: { first_name: 'a todos', company: 'sua empresa', call_to_action: 'Marcamos o próximo passo?' },
    },
    'story-welcome': {
      name: 'Story de boas-vindas',
      description: 'Uma mensagem de boas-vindas vertical para novos clientes, feita para stories e telemóvel.',
      script: 'Bem-vindo a bordo, {first_name}! Toda a equipa da {our_company} está feliz por tê-lo connosco. {call_to_action}',
      defaults: { first_name: 'amigo', our_company: 'nossa empresa', call_to_action: 'Abra a aplicação para fazer a visita de dois minutos.' },
    },
  },
};
