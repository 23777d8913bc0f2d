import { useId, useState } from 'react';

/**
 * A labelled switch. It flips in the click's own render: the owner's value (often a query's cache, whose
 * notifications arrive a tick later) would otherwise put the old state back for a moment, and a click made in
 * that moment is lost. A new value from the owner (saved, or rolled back) replaces the local one.
 */

export function ToggleRow({
  label,
  hint,
  checked,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const id = useId();
  const [on, setOn] = useState(checked);
  const [given, setGiven] = useState(checked);
  if (given !== checked) {
    setGiven(checked);
    setOn(checked);
  }
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <label htmlFor={id} className="min-w-0 cursor-pointer">
        <span className="block font-medium">{label}</span>
        {hint && <span className="block text-sm text-base-content/60">{hint}</span>}
      </label>
      <input
        id={id}
        type="checkbox"
        className="toggle toggle-primary shrink-0"
        checked={on}
        disabled={disabled}
        onChange={(e) => {
          setOn(e.target.checked);
          onChange(e.target.checked);
        }}
        data-testid={testId}
      />
    </div>
  );
}
