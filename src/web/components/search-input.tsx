import { Search } from 'lucide-react';
import type { ReactNode } from 'react';

/** A search box: the magnifier, a `type="search"` input whose placeholder defaults to its label. */
type SearchInputProps = {
  value: string;
  onChange: (value: string) => void;
  /** The input's accessible name. */
  label: string;
  placeholder?: string;
  testId?: string;
  /** The box's size and layout (daisyUI `input-sm`, widths). */
  className?: string;
  maxLength?: number;
};

export function SearchInput({ value, onChange, label, placeholder = label, testId, className = 'w-full', maxLength = 200 }: SearchInputProps) {
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

/** Where the row lays out side by side (Tailwind needs the class names whole). */
const ROW = {
  sm: { row: 'flex flex-col gap-3 sm:flex-row sm:items-center', box: 'w-full sm:flex-1' },
  md: { row: 'flex flex-col gap-3 md:flex-row md:items-center', box: 'w-full md:flex-1' },
};

/**
 * A list's search row: the box takes the room left by the filters beside it (`children`), and the
 * two stack below the `wideFrom` breakpoint. `className` spaces the row from what follows.
 */
export function SearchRow({
  wideFrom = 'sm',
  className = '',
  children,
  ...search
}: Omit<SearchInputProps, 'className'> & { wideFrom?: keyof typeof ROW; className?: string; children?: ReactNode }) {
  const { row, box } = ROW[wideFrom];
  return (
    <div className={className ? `${className} ${row}` : row}>
      <SearchInput {...search} className={box} />
      {children}
    </div>
  );
}
