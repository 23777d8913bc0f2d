import type { BaseTranslation } from '../../i18n-types';

const en_limits = {
  videos: 'You have used the {count:number} videos of your {plan:string} plan this month.',
  upgradeVideos: 'Upgrade to {plan:string} for {count:number} a month.',
  upgradeUnlimited: 'Upgrade to {plan:string} for unlimited videos.',
  storage: 'Your storage is full: your {plan:string} plan holds {size:string}.',
  upgradeStorage: 'Upgrade to {plan:string} for {size:string}.',
  trial: 'Your trial has ended: choose a plan to keep creating videos.',
  seePlans: 'See plans',
} satisfies BaseTranslation;

export default en_limits;
