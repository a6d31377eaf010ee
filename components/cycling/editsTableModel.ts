// PREPARE for the edits table: client-side sort within a page and the CSV export. Pure.
import type { EditRow } from '@/lib/contracts/api/analyses';
import { csvField } from '@/lib/contracts/csv';

export { csvField };

export type EditSortKey = keyof EditRow;
export interface EditSort {
  key: EditSortKey;
  dir: 'asc' | 'desc';
}

export const EDIT_COLUMNS: { key: EditSortKey; label: string; numeric?: boolean }[] = [
  { key: 'parentId', label: 'Parent' },
  { key: 'childId', label: 'Child' },
  { key: 'iteration', label: 'Iteration', numeric: true },
  { key: 'added', label: 'Added', numeric: true },
  { key: 'recycledAdded', label: 'Recycled added', numeric: true },
  { key: 'removed', label: 'Removed', numeric: true },
  { key: 'recycledRemoved', label: 'Recycled removed', numeric: true },
  { key: 'bucket', label: 'Bucket' },
];

/** The sort as a URL parameter: `iteration` ascending, `-iteration` descending, '' for stored order. */
export function editSortParam(sort: EditSort | null): string {
  return sort ? `${sort.dir === 'desc' ? '-' : ''}${sort.key}` : '';
}

export function parseEditSort(param: string): EditSort | null {
  const desc = param.startsWith('-');
  const key = (desc ? param.slice(1) : param) as EditSortKey;
  return EDIT_COLUMNS.some((c) => c.key === key) ? { key, dir: desc ? 'desc' : 'asc' } : null;
}

/** Clicking the active column flips it; a new column starts descending for numbers, ascending for text. */
export function nextEditSort(current: EditSort | null, key: EditSortKey): EditSort {
  if (current?.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: EDIT_COLUMNS.find((c) => c.key === key)?.numeric ? 'desc' : 'asc' };
}

/** Stable sort; nulls (edits in no bucket) last in both directions; null sort keeps stored order. */
export function sortEdits(rows: readonly EditRow[], sort: EditSort | null): EditRow[] {
  const indexed = rows.map((r, i) => [r, i] as const);
  if (!sort) return rows.slice();
  const sign = sort.dir === 'asc' ? 1 : -1;
  indexed.sort(([a, ia], [b, ib]) => {
    const va = a[sort.key];
    const vb = b[sort.key];
    if (va === null && vb === null) return ia - ib;
    if (va === null) return 1;
    if (vb === null) return -1;
    const c = typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va) < String(vb) ? -1 : String(va) > String(vb) ? 1 : 0;
    return c !== 0 ? sign * c : ia - ib;
  });
  return indexed.map(([r]) => r);
}

export function editsCsv(rows: readonly EditRow[]): string {
  const header = ['parent', 'child', 'iteration', 'added', 'recycled_added', 'removed', 'recycled_removed', 'bucket'];
  const lines = rows.map((r) =>
    [r.parentId, r.childId, r.iteration, r.added, r.recycledAdded, r.removed, r.recycledRemoved, r.bucket].map(csvField).join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
