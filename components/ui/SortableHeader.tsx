// A table header cell that sorts: a real <button> inside the <th> (keyboard and screen-reader
// friendly) and aria-sort on the <th> itself.
import type { ReactNode } from 'react';

export type SortDirection = 'ascending' | 'descending';

export function SortableHeader({
  label,
  active,
  direction,
  onSort,
  numeric,
}: {
  label: ReactNode;
  active: boolean;
  direction: SortDirection;
  onSort: () => void;
  numeric?: boolean;
}) {
  return (
    <th scope="col" aria-sort={active ? direction : 'none'} className={numeric ? 'num' : undefined}>
      <button type="button" className="sort" onClick={onSort}>
        {label}
        <span className="arrow" aria-hidden="true">
          {active ? (direction === 'ascending' ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );
}
