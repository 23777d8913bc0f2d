import type { CatalogueWords } from './types';

export const it: CatalogueWords = {
  labels: {
    first_name: 'Nome',
    company: 'Azienda',
    our_company: 'La tua azienda',
    call_to_action: 'Invito all’azione',
    role: 'Ruolo',
    product: 'Prodotto',
    event: 'Evento',
    date: 'Data',
    avatar: 'Avatar',
    voice: 'Voce',
  },
  background: (name) => `Sfondo ${name}`,
  templates: {
    'sales-intro': {
      name: 'Presentazione commerciale',
      description: 'Presenta te stesso e la tua offerta a un potenziale cliente, chiamandolo per nome.',
      script:
        'Ciao {first_name}, ho notato l’ottimo lavoro di {company}. Aiutiamo team come il tuo a chiudere più vendite con video personalizzati. {call_to_action}',
      defaults: { first_name: 'a tutti', company: 'la tua azienda', call_to_action: 'Possiamo fissare quindici minuti questa settimana?' },
    },
    recruitment: {
      name: 'Contatto per selezione',
      description: 'Invita un candidato a parlare di una posizione aperta.',
      script: 'Ciao {first_name}, sto cercando un {role} per {our_company} e il tuo profilo mi ha colpito. {call_to_action}',
      defaults: {
        first_name: 'a tutti',
        role: 'product designer',
        our_company: 'la nostra azienda',
        call_to_action: 'Saresti disponibile per una breve chiamata?',
      },
    },
    'customer-thanks': {
      name: 'Ringraziamento al cliente',
      description: 'Ringrazia un cliente fedele e raccontagli cosa succederà.',
      script: 'Caro {first_name}, grazie per aver scelto {our_company}. Significa molto per tutto il nostro team. {call_to_action}',
      defaults: { first_name: 'cliente', our_company: 'noi', call_to_action: 'Il tuo regalo fedeltà ti aspetta nel tuo account.' },
    },
    'product-launch': {
      name: 'Lancio di prodotto',
      description: 'Annuncia un nuovo prodotto con un invito all’azione chiaro.',
      script: 'Ciao {first_name}! Oggi {our_company} lancia {product}. È stato pensato per persone proprio come te. {call_to_action}',
      defaults: { first_name: 'a tutti', our_company: 'il nostro team', product: 'qualcosa di nuovo', call_to_action: 'Tocca il link per provarlo gratis.' },
    },
    'event-invite': {
      name: 'Invito a un evento',
      description: 'Invita i contatti a un webinar, a una giornata demo o a una visita.',
      script: 'Ciao {first_name}, sei invitato a {event} di {date}. Abbiamo riservato un posto per {company}. {call_to_action}',
      defaults: {
        first_name: 'a tutti',
        event: 'la nostra demo dal vivo',
        date: 'giovedì',
        company: 'la tua azienda',
        call_to_action: 'Rispondi per confermare il tuo posto.',
      },
    },
    'follow-up': {
      name: 'Follow-up della riunione',
      description: 'Riassumi una riunione e proponi il prossimo passo.',
      script: 'Ciao {first_name}, grazie ancora per la nostra conversazione su {company}. Come promesso, ecco un breve riepilogo. {call_to_action}',
      defaults: { first_name: 'a tutti', company: 'la tua azienda', call_to_action: 'Fissiamo il prossimo passo?' },
    },
    'story-welcome': {
      name: 'Storia di benvenuto',
      description: 'Un messaggio di benvenuto verticale per i nuovi clienti, pensato per le storie e il mobile.',
      script: 'Benvenuto a bordo, {first_name}! Tutti in {our_company} sono felici di averti qui. {call_to_action}',
      defaults: { first_name: 'amico', our_company: 'la nostra azienda', call_to_action: 'Apri l’app per il tour di due minuti.' },
    },
  },
};
