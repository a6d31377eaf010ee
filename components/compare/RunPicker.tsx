'use client';
// Multi-select of runs for the compare page (GET /api/runs); every change rewrites the URL, so
// the comparison is a permalink. Runs of one name read "QOS · <imported> · <source> · <short id>".
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { runsResponseSchema } from '@/lib/contracts/api/runs';
import { runLabels } from '@/lib/contracts/runOrigin';
import { hrefWith } from '../analysis/switchOptions';
import { apiFetch } from '../ui/apiFetch';
import { formatCount } from '../ui/format';

export function RunPicker({ selected, scope }: { selected: string[]; scope: string }) {
  const router = useRouter();
  // Ticks show at once; the URL (and with it the comparison) follows.
  const [picked, setPicked] = useState(selected);
  const key = selected.join(',');
  useEffect(() => setPicked(key ? key.split(',') : []), [key]);
  const q = useQuery({
    queryKey: ['runs', 'picker'],
    queryFn: ({ signal }) => apiFetch('/api/runs?limit=500', { schema: runsResponseSchema, signal }),
  });
  // Runs sharing a name are labelled with their import date, source and short id.
  const labels = useMemo(() => runLabels(q.data?.runs ?? []), [q.data]);
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...picked.filter((s) => s !== id), id] : picked.filter((s) => s !== id);
    setPicked(next);
    router.replace(hrefWith('/compare', { runs: next.join(','), scope }), { scroll: false });
  };
  return (
    <details className="collapsible compare-picker" open={selected.length === 0}>
      <summary>Runs to compare ({picked.length} selected)</summary>
      <div>
        {q.isPending && <p className="muted" role="status">Loading runs…</p>}
        {q.isError && <p className="error" role="alert">Could not load runs: {q.error.message}</p>}
        {q.data && (
          <fieldset className="compare-picker-list">
            <legend className="muted">Pick any runs, whatever framework</legend>
            {q.data.runs.map((r) => (
              <label key={r.id}>
                <input type="checkbox" checked={picked.includes(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} /> {labels.get(r.id)}{' '}
                <span className="muted">
                  {r.framework} · {formatCount(r.programCount)} programs
                </span>
              </label>
            ))}
            {q.data.nextCursor && <p className="muted">Showing the 500 newest runs.</p>}
          </fieldset>
        )}
      </div>
    </details>
  );
}
