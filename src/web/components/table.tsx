import type { ReactNode } from 'react';

/**
 * A daisyUI table in its scrolling box, with one header row of the screen's words. Columns from `figuresFrom` on
 * hold figures: right-aligned, with tabular digits in the body.
 */
export function Table({
  columns,
  figuresFrom,
  className = '',
  box = 'overflow-x-auto',
  testId,
  children,
}: {
  columns: string[];
  figuresFrom?: number;
  /** More daisyUI classes for the table (`table-sm`, `table-pin-rows`). */
  className?: string;
  /** The box's classes: it scrolls the table sideways by default. */
  box?: string;
  testId?: string;
  /** The body rows. */
  children: ReactNode;
}) {
  const figures = figuresFrom !== undefined;
  return (
    <div className={box}>
      <table className={`table ${className}`.trim()} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((label, i) => (
              <th key={label} className={figures && i >= figuresFrom ? 'text-right' : undefined}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={figures ? 'tabular-nums' : undefined}>{children}</tbody>
      </table>
    </div>
  );
}
