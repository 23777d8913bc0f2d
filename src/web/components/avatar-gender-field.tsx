import { useId } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { LabelledField } from './form-field';

export type AvatarGender = 'male' | 'female';

/** The gender of a new custom avatar, as both upload dialogs ask it (the screen's label; male by default is theirs). */
export function AvatarGenderField({
  label,
  value,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  value: AvatarGender;
  onChange: (gender: AvatarGender) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { LL } = useI18nContext();
  const G = LL.avatars.genders;
  const id = useId();
  return (
    <LabelledField label={label} htmlFor={id}>
      <select
        id={id}
        className="select w-full"
        value={value}
        onChange={(e) => onChange(e.target.value as AvatarGender)}
        disabled={disabled}
        data-testid={testId}
      >
        <option value="male">{G.male()}</option>
        <option value="female">{G.female()}</option>
      </select>
    </LabelledField>
  );
}
