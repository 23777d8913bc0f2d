import type { BaseTranslation } from '../../i18n-types';

const en_help = {
  title: 'Help',
  subtitle: 'Answers, tutorials and support.',
  search: 'Search the help',
  noResults: 'No questions match “{query:string}”.',
  faq: 'Frequently asked questions',
  q: {
    lengthQ: 'How long can a video be?',
    lengthA:
      'Up to {basic:number} minutes on {basicName:string}, {pro:number} minutes on {proName:string} and {enterprise:number} minutes on {enterpriseName:string}.',
    generationQ: 'How long does it take to generate a video?',
    generationA: 'Usually {min:number} to {max:number} minutes, and up to {longest:number} minutes for long videos.',
    trialQ: 'Is there a free trial?',
    trialA: 'Yes: every new account gets a free {days:number}-day trial of {plan:string}. No card is needed and you can cancel anytime.',
    plansQ: 'Which plans are there?',
    plansA: '{plans:string}. Yearly billing saves {percent:number}%.',
    changePlanQ: 'How do I change my plan?',
    changePlanA: 'Open Subscription, choose monthly or yearly billing, select a plan and confirm.',
    languagesQ: 'Which languages are supported?',
    languagesA: 'The interface is available in English, French and Spanish; avatars speak English, French, Spanish, German, Italian and Portuguese.',
    supportQ: 'When is support available?',
    supportA: 'Support is available 24/7.',
    apiQ: 'Is there an API?',
    apiA: 'Yes. Generate an API key in Settings → Advanced and send it as a Bearer token to the /api endpoints.',
  },
  tutorials: 'Tutorials',
  supportTitle: 'Support',
  supportCards: {
    tutorialsTitle: 'Video tutorials',
    tutorialsText: 'Step-by-step guides for every part of the app.',
    tutorialsAction: 'Open tutorials',
    accountTitle: 'Account and billing',
    accountText: 'Change your plan, see invoices and usage.',
    accountAction: 'Open subscription',
    settingsTitle: 'Settings',
    settingsText: 'Language, theme, notifications and API keys.',
    settingsAction: 'Open settings',
    available: 'Support is available 24/7.',
  },
} satisfies BaseTranslation;

export default en_help;
