import type { BaseTranslation } from '../../i18n-types';

const en_limits = {
  videos: 'You have used the {count:number} videos of your {plan:string} plan this month.',
  upgradeVideos: 'Upgrade to {plan:string} for {count:number} a month.',
  upgradeUnlimited: 'Upgrade to {plan:string} for unlimited videos.',
  storage: 'Your storage is full: your {plan:string} plan holds {size:string}.',
  upgradeStorage: 'Upgrade to {plan:string} for {size:string}.',
  trial: 'Your trial has ended: choose a plan to keep creating videos.',
  scriptLength: 'This script makes a video of about {minutes:number} min; your {plan:string} plan allows videos up to {max:number} min.',
  upgradeLength: 'Shorten it or upgrade to {plan:string} for videos up to {max:number} min.',
  shorten: 'Shorten it to continue.',
  profiles: 'Your {plan:string} plan allows {count:number} social profiles, all in use.',
  upgradeProfiles: 'Disconnect one or upgrade to {plan:string} for {count:number}.',
  upgradeProfilesUnlimited: 'Disconnect one or upgrade to {plan:string} for unlimited profiles.',
  disconnectOne: 'Disconnect one to connect another.',
  reachedTitle: 'Plan limit reached',
  lengthOk: 'Your {plan:string} plan allows videos up to {max:number} min',
  seePlans: 'See plans',
} satisfies BaseTranslation;

export default en_limits;
