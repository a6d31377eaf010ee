// The runs list's view in its URL (issue 24: a reload or a shared link lost the search, the
// filters and the sort): /?q=&framework=&task=&language=&tag=&sort=<key>&dir=asc|desc. Defaults
// are left out so the plain list keeps a plain address. Pure.
import type { RunsFilterState } from './RunsFilters';
import type { RunSort, RunSortKey } from './sortRuns';

export interface RunsView {
  filter: RunsFilterState;
  sort: RunSort;
}

const SORT_KEYS: readonly RunSortKey[] = ['name', 'framework', 'task', 'language', 'programCount', 'validShare', 'bestScore', 'costTotal', 'totalTokens', 'importedAt'];
const FILTER_KEYS = ['q', 'framework', 'task', 'language', 'tag'] as const;
export const DEFAULT_RUN_SORT: RunSort = { key: 'importedAt', dir: 'desc' };

export function runsViewFromParams(sp: URLSearchParams): RunsView {
  const filter = Object.fromEntries(FILTER_KEYS.map((k) => [k, (sp.get(k) ?? '').slice(0, 300)])) as unknown as RunsFilterState;
  const key = sp.get('sort') as RunSortKey | null;
  const dir = sp.get('dir');
  const sort: RunSort =
    key && SORT_KEYS.includes(key) ? { key, dir: dir === 'asc' || dir === 'desc' ? dir : DEFAULT_RUN_SORT.dir } : DEFAULT_RUN_SORT;
  return { filter, sort };
}

export function runsViewQuery(view: RunsView): string {
  const p = new URLSearchParams();
  for (const k of FILTER_KEYS) if (view.filter[k].trim()) p.set(k, view.filter[k]);
  if (view.sort.key !== DEFAULT_RUN_SORT.key || view.sort.dir !== DEFAULT_RUN_SORT.dir) {
    p.set('sort', view.sort.key);
    p.set('dir', view.sort.dir);
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}
