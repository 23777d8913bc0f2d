import type { TranslationFunctions } from '@locales/i18n-types';

type LL = TranslationFunctions;

export function genderLabel(LL: LL, gender: string): string {
  const G = LL.avatars.genders;
  if (gender === 'male') return G.male();
  if (gender === 'female') return G.female();
  if (gender === 'non-binary' || gender === 'nb') return G.nonBinary();
  return gender;
}

export function categoryLabel(LL: LL, category: string): string {
  const C = LL.avatars.categories;
  if (category === 'office') return C.office();
  if (category === 'casual') return C.casual();
  if (category === 'custom') return C.custom();
  return category;
}

export function avatarStatusLabel(LL: LL, status: string): string {
  const S = LL.avatars.status;
  if (status === 'processing' || status === 'created' || status === 'validating' || status === 'done' || status === 'failed') return S[status]();
  return status;
}

export const avatarStatusTone = (status: string) => (status === 'done' ? 'badge-success' : status === 'failed' ? 'badge-error' : 'badge-info');
