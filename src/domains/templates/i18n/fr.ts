import type { CatalogueWords } from './types';

export const fr: CatalogueWords = {
  labels: {
    first_name: 'Prénom',
    company: 'Entreprise',
    our_company: 'Votre entreprise',
    call_to_action: 'Appel à l’action',
    role: 'Poste',
    product: 'Produit',
    event: 'Événement',
    date: 'Date',
    avatar: 'Avatar',
    voice: 'Voix',
  },
  background: (name) => `Arrière-plan ${name}`,
  templates: {
    'sales-intro': {
      name: 'Présentation commerciale',
      description: 'Présentez-vous et présentez votre offre à un prospect, en l’appelant par son nom.',
      script:
        'Bonjour {first_name}, j’ai remarqué l’excellent travail de {company}. Nous aidons les équipes comme la vôtre à conclure plus de ventes grâce à des vidéos personnalisées. {call_to_action}',
      defaults: { first_name: 'à vous', company: 'votre entreprise', call_to_action: 'Pouvons-nous prévoir quinze minutes cette semaine ?' },
    },
    recruitment: {
      name: 'Approche de recrutement',
      description: 'Invitez un candidat à échanger sur un poste ouvert.',
      script: 'Bonjour {first_name}, je recrute un poste de {role} chez {our_company} et votre profil a retenu mon attention. {call_to_action}',
      defaults: {
        first_name: 'à vous',
        role: 'designer produit',
        our_company: 'notre entreprise',
        call_to_action: 'Seriez-vous disponible pour un court appel ?',
      },
    },
    'customer-thanks': {
      name: 'Remerciement client',
      description: 'Remerciez un client fidèle et annoncez la suite.',
      script: 'Cher {first_name}, merci d’avoir choisi {our_company}. Cela compte beaucoup pour toute notre équipe. {call_to_action}',
      defaults: { first_name: 'client', our_company: 'nous', call_to_action: 'Votre cadeau de fidélité vous attend dans votre compte.' },
    },
    'product-launch': {
      name: 'Lancement de produit',
      description: 'Annoncez un nouveau produit avec un appel à l’action clair.',
      script: 'Bonjour {first_name} ! Aujourd’hui, {our_company} lance {product}. Il a été conçu pour des personnes comme vous. {call_to_action}',
      defaults: { first_name: 'à vous', our_company: 'notre équipe', product: 'une nouveauté', call_to_action: 'Touchez le lien pour l’essayer gratuitement.' },
    },
    'event-invite': {
      name: 'Invitation à un événement',
      description: 'Invitez vos contacts à un webinaire, une journée de démonstration ou une visite.',
      script: 'Bonjour {first_name}, vous êtes invité à {event} le {date}. Nous avons réservé une place pour {company}. {call_to_action}',
      defaults: {
        first_name: 'à vous',
        event: 'notre démo en direct',
        date: 'jeudi',
        company: 'votre entreprise',
        call_to_action: 'Répondez pour confirmer votre place.',
      },
    },
    'follow-up': {
      name: 'Suivi de réunion',
      description: 'Résumez une réunion et proposez la prochaine étape.',
      script: 'Bonjour {first_name}, merci encore pour notre échange au sujet de {company}. Comme promis, voici un court récapitulatif. {call_to_action}',
      defaults: { first_name: 'à vous', company: 'votre entreprise', call_to_action: 'Planifions-nous la prochaine étape ?' },
    },
    'story-welcome': {
      name: 'Story de bienvenue',
      description: 'Un message de bienvenue vertical pour les nouveaux clients, pensé pour les stories et le mobile.',
      script: 'Bienvenue à bord, {first_name} ! Toute l’équipe de {our_company} est heureuse de vous compter parmi nous. {call_to_action}',
      defaults: { first_name: 'cher client', our_company: 'notre entreprise', call_to_action: 'Ouvrez l’application pour la visite de deux minutes.' },
    },
  },
};
