// Sorting the runs list: pure, so the table only renders.
import type { RunSummary } from '@/lib/contracts/api/runs';

export type RunSortKey =
  | 'name' | 'framework' | 'task' | 'language' | 'programCount' | 'validShare' | 'bestScore' | 'costTotal' | 'totalTokens' | 'importedAt';
export interface RunSort {
  key: RunSortKey;
  dir: 'asc' | 'desc';
}

/** Nulls sort last in both directions; ties keep the API's order (newest first). */
export function sortRuns(runs: readonly RunSummary[], { key, dir }: RunSort): RunSummary[] {
  const sign = dir === 'asc' ? 1 : -1;
  return runs
    .map((r, i) => ({ r, i }))
    .sort((a, b) => {
      const x = a.r[key];
      const y = b.r[key];
      if (x === y) return a.i - b.i;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return c === 0 ? a.i - b.i : sign * c;
    })
    .map(({ r }) => r);
}

/** Clicking the active column flips it; a new column starts with its natural direction. */
export function nextRunSort(current: RunSort, key: RunSortKey): RunSort {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  const textual = key === 'name' || key === 'framework' || key === 'task' || key === 'language';
  return { key, dir: textual ? 'asc' : 'desc' };
}
