import { useI18nContext } from '@locales/i18n-react';
import { LabelledSelect } from './labelled-select';

const AVATAR_GENDERS = ['male', 'female'] as const;
export type AvatarGender = (typeof AVATAR_GENDERS)[number];

/** The gender of a new custom avatar, as both upload dialogs ask it (the screen's label; male by default is theirs). */
export function AvatarGenderField(props: {
  label: string;
  value: AvatarGender;
  onChange: (gender: AvatarGender) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { LL } = useI18nContext();
  return <LabelledSelect {...props} options={AVATAR_GENDERS} optionLabel={(g) => LL.avatars.genders[g]()} />;
}
