/**
 * A list screen's filter dropdown: named by its label (no visible label), one option per value with the screen's
 * words, and when `allLabel` is given a first option for "no filter", which reads back as `undefined`.
 */
export function FilterSelect<T extends string>({
  value,
  onChange,
  options,
  optionLabel,
  label,
  allLabel,
  className = '',
  testId,
}: {
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  options: readonly T[];
  optionLabel: (value: T) => string;
  label: string;
  allLabel?: string;
  className?: string;
  testId?: string;
}) {
  return (
    <select
      className={`select ${className}`.trim()}
      aria-label={label}
      value={value ?? ''}
      onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}
      data-testid={testId}
    >
      {allLabel !== undefined && <option value="">{allLabel}</option>}
      {options.map((o) => (
        <option key={o} value={o}>
          {optionLabel(o)}
        </option>
      ))}
    </select>
  );
}
