// The pure parts of components/ui/Table.tsx: sorting rows by a column, the next sort a header
// click gives, aria-sort, and where an arrow key moves the focused row.

export type SortDir = 'asc' | 'desc';
export interface TableSort {
  key: string;
  dir: SortDir;
}
export type SortValue = number | string | boolean | null | undefined;

/** What sorting needs of a column: a value compared (nulls last) or a compare function. */
export interface SortableColumn<T> {
  key: string;
  sortValue?: (row: T) => SortValue;
  compare?: (a: T, b: T) => number;
}

const isMissing = (v: SortValue) => v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));

function compareValues(x: SortValue, y: SortValue): number {
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
  return String(x).localeCompare(String(y));
}

/**
 * The rows in the order `sort` asks for: stable (ties keep the given order), values that are
 * missing (null, undefined, NaN) last in both directions. No sort, or a column that cannot sort:
 * the rows as given.
 */
export function sortRows<T>(rows: readonly T[], sort: TableSort | null, columns: readonly SortableColumn<T>[]): T[] {
  const col = sort ? columns.find((c) => c.key === sort.key) : undefined;
  if (!sort || !col || (!col.sortValue && !col.compare)) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  const decorated = rows.map((row, i) => ({ row, i, v: col.sortValue ? col.sortValue(row) : undefined }));
  decorated.sort((a, b) => {
    if (col.compare) return sign * col.compare(a.row, b.row) || a.i - b.i;
    const ma = isMissing(a.v);
    const mb = isMissing(b.v);
    if (ma || mb) return ma === mb ? a.i - b.i : ma ? 1 : -1;
    return sign * compareValues(a.v, b.v) || a.i - b.i;
  });
  return decorated.map((d) => d.row);
}

/** A header click: the active column flips; another starts in its own first direction. */
export function nextSort(current: TableSort | null, key: string, firstDir: SortDir): TableSort {
  if (current?.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: firstDir };
}

/** The aria-sort of a column's header. */
export function ariaSort(sort: TableSort | null, key: string): 'ascending' | 'descending' | 'none' {
  if (!sort || sort.key !== key) return 'none';
  return sort.dir === 'asc' ? 'ascending' : 'descending';
}

/**
 * The row a key moves the focus to from row `index` of `count`: ArrowUp/ArrowDown the next one,
 * Home/End the first/last; held within the rows. null: not a moving key.
 */
export function navTarget(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  const to = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: count - 1 }[key];
  if (to === undefined) return null;
  return Math.max(0, Math.min(count - 1, to));
}
