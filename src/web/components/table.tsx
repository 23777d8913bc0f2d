import type { ReactNode } from 'react';

/**
 * A header cell: the screen's word, or the word with whether the column is right-aligned (an amount among
 * words) and from which width it is shown (a secondary column a phone does without; its body cells take
 * `shownFrom(…)` too, and the row shows what matters of it elsewhere).
 */
export type Column = string | { label: string; right?: true; from?: Width };

type Width = 'sm' | 'md';
const FROM: Record<Width, string> = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell' };
/** The classes of a cell in a column shown from `width` on. */
export const shownFrom = (width: Width) => FROM[width];

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
              const right = (typeof column !== 'string' && column.right) || (figures && i >= figuresFrom);
              const from = typeof column !== 'string' && column.from ? FROM[column.from] : '';
              return (
                <th key={label} className={`${right ? 'text-right' : ''} ${from}`.trim() || undefined}>
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
