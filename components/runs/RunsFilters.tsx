'use client';
// Search box and filter menus of the runs list. The values offered come from
// GET /api/runs/facets; the filtering itself happens in SQL (GET /api/runs).
import { useQuery } from '@tanstack/react-query';
import { runFacetsSchema, type RunFacets } from '@/lib/contracts/api/runs';
import { apiFetch } from '../ui/apiFetch';

export interface RunsFilterState {
  q: string;
  framework: string;
  task: string;
  language: string;
  tag: string;
}
export const NO_FILTER: RunsFilterState = { q: '', framework: '', task: '', language: '', tag: '' };
const MENUS: { key: keyof RunFacets; label: string }[] = [
  { key: 'framework', label: 'Framework' },
  { key: 'task', label: 'Task' },
  { key: 'language', label: 'Language' },
  { key: 'tag', label: 'Tag' },
];

export function RunsFilters({ value, onChange }: { value: RunsFilterState; onChange: (v: RunsFilterState) => void }) {
  const facets = useQuery({ queryKey: ['run-facets'], queryFn: ({ signal }) => apiFetch('/api/runs/facets', { schema: runFacetsSchema, signal }) });
  const active = Object.values(value).some(Boolean);
  return (
    <div className="row runs-filters" role="search" aria-label="Filter runs">
      <input
        type="search"
        aria-label="Search runs"
        placeholder="Search name, task, framework…"
        value={value.q}
        onChange={(e) => onChange({ ...value, q: e.target.value })}
      />
      {MENUS.map(({ key, label }) => {
        const options = facets.data?.[key] ?? [];
        if (key === 'tag' && options.length === 0 && !value.tag) return null;
        return (
          <label key={key} className="row" style={{ gap: '0.3rem' }}>
            <span aria-hidden="true">{label}</span>
            <select aria-label={label} value={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.value })}>
              <option value="">any</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.value} ({o.runs})
                </option>
              ))}
            </select>
          </label>
        );
      })}
      {active && (
        <button type="button" onClick={() => onChange(NO_FILTER)}>
          Clear filters
        </button>
      )}
    </div>
  );
}
