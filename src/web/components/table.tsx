import type { ReactNode } from 'react';

/** A header cell: the screen's word, or the word and whether the column is right-aligned (an amount among words). */
export type Column = string | { label: string; right: true };

/**
 * A daisyUI table in its scrolling box, with one header row of the screen's words. Columns from `figuresFrom` on
 * hold figures: right-aligned, with tabular digits in the body. An empty word heads an actions column.
 */
export function Table({
  columns,
  figuresFrom,
  className = '',
  box = 'overflow-x-auto',
  testId,
  children,
}: {
  columns: Column[];
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
            {columns.map((column, i) => {
              const label = typeof column === 'string' ? column : column.label;
              const right = typeof column !== 'string' || (figures && i >= figuresFrom);
              return (
                <th key={label} className={right ? 'text-right' : undefined}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={figures ? 'tabular-nums' : undefined}>{children}</tbody>
      </table>
    </div>
  );
}
