import { Search } from 'lucide-react';

/** A search box: the magnifier, a `type="search"` input whose placeholder defaults to its label. */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder = label,
  testId,
  className = 'w-full',
  maxLength = 200,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The input's accessible name. */
  label: string;
  placeholder?: string;
  testId?: string;
  /** The box's size and layout (daisyUI `input-sm`, widths). */
  className?: string;
  maxLength?: number;
}) {
  return (
    <label className={`input ${className}`}>
      <Search className="size-4 opacity-60" aria-hidden />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        maxLength={maxLength}
        data-testid={testId}
      />
    </label>
  );
}
