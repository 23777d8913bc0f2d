import { useId } from 'react';
import { LabelledField } from './form-field';

/** A labelled select of a fixed set of choices, each shown in the screen's words. */
export function LabelledSelect<T extends string>({
  label,
  options,
  optionLabel,
  value,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  options: readonly T[];
  optionLabel: (option: T) => string;
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const id = useId();
  return (
    <LabelledField label={label} htmlFor={id}>
      <select id={id} className="select w-full" value={value} onChange={(e) => onChange(e.target.value as T)} disabled={disabled} data-testid={testId}>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}
