'use client';
// The database page's client: fetches the search state once, then the chosen snapshot whole; the
// slider (a native range input, so arrows / PageUp / Home / End work) picks the moment and is
// mirrored in the address (?at=<seq>&island=<n>) so a moment can be linked.
import { useEffect, useMemo, useState } from 'react';
import { usePathname } from 'next/navigation';
import { apiFetch } from '../ui/apiFetch';
import { searchStateResponseSchema, snapshotResponseSchema, type SearchStateResponse, type SnapshotResponse } from '@/lib/contracts/api/searchStateSchemas';
import { ConfigPanel } from './ConfigPanel';
import { IslandLanes } from './IslandLanes';
import { ClustersPanel } from './ClustersPanel';
import { CountersPanel } from './CountersPanel';
import { FeatureMapPanel } from './FeatureMapPanel';

export function DatabaseView({
  runId,
  initialSeq,
  initialIsland,
  scoreMetric = null,
}: {
  runId: string;
  initialSeq: number | null;
  initialIsland: number | null;
  /** The run's score metric: colours the MAP-Elites grid. */
  scoreMetric?: string | null;
}) {
  const pathname = usePathname();
  const [state, setState] = useState<SearchStateResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [seq, setSeq] = useState<number | null>(initialSeq);
  const [island, setIsland] = useState<number | null>(initialIsland);
  const [snapshot, setSnapshot] = useState<SnapshotResponse | null>(null);

  useEffect(() => {
    const ac = new AbortController();
    apiFetch(`/api/runs/${runId}/search-state`, { schema: searchStateResponseSchema, signal: ac.signal })
      .then((s) => {
        setState(s);
        setSeq((cur) => (cur !== null && s.snapshots.some((x) => x.seq === cur) ? cur : (s.snapshots.at(-1)?.seq ?? null)));
      })
      .catch((e: unknown) => !ac.signal.aborted && setError(e instanceof Error ? e.message : String(e)));
    return () => ac.abort();
  }, [runId]);

  useEffect(() => {
    if (seq === null) return;
    const ac = new AbortController();
    apiFetch(`/api/runs/${runId}/search-state/snapshots/${seq}`, { schema: snapshotResponseSchema, signal: ac.signal })
      .then((s) => {
        setSnapshot(s);
        setIsland((cur) => (cur !== null && s.islands.some((i) => i.island === cur) ? cur : (s.islands[0]?.island ?? null)));
      })
      .catch((e: unknown) => !ac.signal.aborted && setError(e instanceof Error ? e.message : String(e)));
    return () => ac.abort();
  }, [runId, seq]);

  // The permalink follows the chosen moment and island without adding history entries, and
  // without router.replace: that would re-render the server page at every slider step.
  useEffect(() => {
    if (seq === null) return;
    const q = new URLSearchParams({ at: String(seq) });
    if (island !== null) q.set('island', String(island));
    window.history.replaceState(null, '', `${pathname}?${q}`);
  }, [seq, island, pathname]);

  const index = useMemo(() => (state && seq !== null ? state.snapshots.findIndex((s) => s.seq === seq) : -1), [state, seq]);

  if (error) return <p role="alert" className="error">Could not load the search state: {error}</p>;
  if (!state) return <p data-testid="database-loading">Loading the search state…</p>;
  const current = index >= 0 ? state.snapshots[index] : null;
  const shown = snapshot && snapshot.seq === seq ? snapshot : null;
  return (
    <div data-testid="database-view" data-state={shown ? 'ready' : 'loading'}>
      <ConfigPanel config={state.config} missing={state.missing} />
      <section aria-labelledby="lanes-h">
        <h2 id="lanes-h">Islands over time</h2>
        {state.snapshots.length === 0 ? (
          <p>This run records no database snapshots{state.missing.islands ? `: ${state.missing.islands}` : '.'}</p>
        ) : (
          <>
            <label className="slider">
              Moment (<span data-testid="moment-position">snapshot {index + 1} of {state.snapshots.length}</span>
              {current ? `, ${momentLabel(current.at)}` : ''}){' '}
              <input
                type="range"
                data-testid="moment-slider"
                data-seq={current?.seq ?? ''}
                min={0}
                max={state.snapshots.length - 1}
                step={1}
                value={Math.max(0, index)}
                aria-valuetext={current ? `snapshot ${index + 1} of ${state.snapshots.length}, ${momentLabel(current.at)}` : undefined}
                onChange={(e) => setSeq(state.snapshots[Number(e.target.value)].seq)}
              />
            </label>
            <IslandLanes state={state} seq={seq} island={island} onIsland={setIsland} />
          </>
        )}
      </section>
      {shown && (
        <>
          <ClustersPanel runId={runId} snapshot={shown} position={index + 1} config={state.config} island={island} onIsland={setIsland} missing={state.missing.clusters ?? null} />
          <FeatureMapPanel runId={runId} snapshot={shown} island={island} config={state.config} scoreMetric={scoreMetric} />
        </>
      )}
      <CountersPanel counters={state.counters} missing={state.missing} at={current?.at ?? null} />
    </div>
  );
}

export function momentLabel(at: { iteration: number | null; timestamp: number | null; stored: number | null }): string {
  const parts: string[] = [];
  if (at.iteration !== null) parts.push(`iteration ${at.iteration}`);
  if (at.stored !== null) parts.push(`${at.stored} stored`);
  if (at.timestamp !== null) parts.push(new Date(at.timestamp * 1000).toISOString().replace('T', ' ').slice(0, 19));
  return parts.join(', ');
}
