import type { CatalogueWords } from './types';

export const de: CatalogueWords = {
  labels: {
    first_name: 'Vorname',
    company: 'Unternehmen',
    our_company: 'Ihr Unternehmen',
    call_to_action: 'Handlungsaufforderung',
    role: 'Stelle',
    product: 'Produkt',
    event: 'Veranstaltung',
    date: 'Datum',
    avatar: 'Avatar',
    voice: 'Stimme',
  },
  background: (name) => `Hintergrund ${name}`,
  templates: {
    'sales-intro': {
      name: 'Vertriebsvorstellung',
      description: 'Stellen Sie sich und Ihr Angebot einem Interessenten persönlich vor.',
      script:
        'Hallo {first_name}, mir ist die großartige Arbeit von {company} aufgefallen. Wir helfen Teams wie Ihrem, mit persönlichen Videos mehr Abschlüsse zu erzielen. {call_to_action}',
      defaults: { first_name: 'zusammen', company: 'Ihr Unternehmen', call_to_action: 'Können wir diese Woche fünfzehn Minuten einplanen?' },
    },
    recruitment: {
      name: 'Ansprache für Bewerber',
      description: 'Laden Sie eine Kandidatin oder einen Kandidaten zu einem Gespräch über eine offene Stelle ein.',
      script: 'Hallo {first_name}, ich suche eine Person als {role} bei {our_company}, und Ihr Profil ist mir aufgefallen. {call_to_action}',
      defaults: {
        first_name: 'zusammen',
        role: 'Produktdesign',
        our_company: 'unserem Unternehmen',
        call_to_action: 'Hätten Sie Zeit für ein kurzes Gespräch?',
      },
    },
    'customer-thanks': {
      name: 'Dankeschön an Kunden',
      description: 'Danken Sie einem treuen Kunden und zeigen Sie, was als Nächstes kommt.',
      script: 'Hallo {first_name}, danke, dass Sie sich für {our_company} entschieden haben. Das bedeutet unserem ganzen Team viel. {call_to_action}',
      defaults: { first_name: 'liebe Kundschaft', our_company: 'uns', call_to_action: 'Ihr Treuegeschenk wartet in Ihrem Konto.' },
    },
    'product-launch': {
      name: 'Produkteinführung',
      description: 'Kündigen Sie ein neues Produkt mit einer klaren Handlungsaufforderung an.',
      script: 'Hallo {first_name}! Heute bringt {our_company} {product} auf den Markt. Es wurde für Menschen wie Sie entwickelt. {call_to_action}',
      defaults: {
        first_name: 'zusammen',
        our_company: 'unser Team',
        product: 'etwas Neues',
        call_to_action: 'Tippen Sie auf den Link und testen Sie es kostenlos.',
      },
    },
    'event-invite': {
      name: 'Einladung zur Veranstaltung',
      description: 'Laden Sie Kontakte zu einem Webinar, einem Demo-Tag oder einem Besuch ein.',
      script: 'Hallo {first_name}, Sie sind zu {event} am {date} eingeladen. Wir haben einen Platz für {company} reserviert. {call_to_action}',
      defaults: {
        first_name: 'zusammen',
        event: 'unserer Live-Demo',
        date: 'Donnerstag',
        company: 'Ihr Unternehmen',
        call_to_action: 'Antworten Sie, um Ihren Platz zu bestätigen.',
      },
    },
    'follow-up': {
      name: 'Nachfassen nach dem Termin',
      description: 'Fassen Sie ein Meeting zusammen und schlagen Sie den nächsten Schritt vor.',
      script: 'Hallo {first_name}, nochmals danke für unser Gespräch über {company}. Wie versprochen hier eine kurze Zusammenfassung. {call_to_action}',
      defaults: { first_name: 'zusammen', company: 'Ihr Unternehmen', call_to_action: 'Sollen wir den nächsten Schritt planen?' },
    },
    'story-welcome': {
      name: 'Willkommens-Story',
      description: 'Eine vertikale Willkommensnachricht für neue Kunden, gemacht für Storys und Mobilgeräte.',
      script: 'Willkommen an Bord, {first_name}! Alle bei {our_company} freuen sich, dass Sie da sind. {call_to_action}',
      defaults: { first_name: 'liebe Kundschaft', our_company: 'unserem Unternehmen', call_to_action: 'Öffnen Sie die App für die Zwei-Minuten-Tour.' },
    },
  },
};
