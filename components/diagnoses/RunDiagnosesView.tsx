'use client';
// /runs/[runId]/diagnoses (issue 13): the run's diagnoses on its best-so-far timeline, the same
// in a table (each row links to the diagnosis's permalink), and the form that starts one.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DiagnosisView } from '@/lib/trace/diagnosis';
import { getBestSoFar } from '../experiments/experimentClient';
import { formatCount } from '../ui/format';
import { DiagnoseForm } from './DiagnoseForm';
import { DiagnosisTimeline } from './DiagnosisTimeline';
import { listDiagnoses } from './diagnosisClient';
import { diagnosisRow } from './reportModel';

export function RunDiagnosesView({ runId, scoreMetric, initial, canStart, hasEvaluator, initialAt, initialK }: {
  runId: string; scoreMetric: string; initial: DiagnosisView[]; canStart: boolean; hasEvaluator: boolean; initialAt?: number; initialK?: number;
}) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['diagnoses', runId], queryFn: ({ signal }) => listDiagnoses(runId, signal), initialData: { diagnoses: initial } });
  const best = useQuery({
    queryKey: ['best-so-far', runId],
    queryFn: ({ signal }) => getBestSoFar(runId, signal),
    refetchInterval: (q) => (q.state.data && 'pending' in q.state.data ? 2000 : false),
  });
  const diagnoses = list.data.diagnoses;
  const rows = useMemo(() => diagnoses.map(diagnosisRow), [diagnoses]);
  const markers = useMemo(() => rows.map((r) => ({ id: r.id, triggerGeneration: r.generation, origin: r.origin, label: r.verdict })), [rows]);
  const b = best.data && !('pending' in best.data) ? best.data : null;
  const curve = useMemo(() => (b ? b.points.map((p) => ({ iteration: p.iteration, score: p.score })) : []), [b]);
  return (
    <div data-testid="run-diagnoses">
      <DiagnosisTimeline runId={runId} curve={curve} lastIteration={b?.lastIteration ?? null} diagnoses={markers} scoreMetric={scoreMetric} curvePending={!b} />
      {best.isError && <p className="error" role="alert">{(best.error as Error).message}</p>}
      <h2>Diagnoses</h2>
      {rows.length === 0 ? (
        <p className="muted" data-testid="no-diagnoses">No diagnosis yet: none came with the run{canStart ? '; start one below' : ''}.</p>
      ) : (
        <div className="table-wrap">
          <table className="data" aria-label="Diagnoses">
            <thead>
              <tr>
                <th scope="col" className="num">generation</th>
                <th scope="col">origin</th>
                <th scope="col">program diagnosed</th>
                <th scope="col">verdict</th>
                <th scope="col" className="num">tool calls</th>
                <th scope="col" className="num">tokens</th>
                <th scope="col">aux metrics</th>
                <th scope="col">agent candidate</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid="diagnosis-row">
                  <th scope="row" className="num">
                    <a href={`/runs/${runId}/diagnoses/${r.id}`} data-testid="diagnosis-link" aria-label={`Open the diagnosis at generation ${r.generation}`}>
                      {r.generation}
                    </a>
                  </th>
                  <td>{r.origin === 'imported' ? 'imported' : 'Evoscope'}</td>
                  <td>{r.programId ? <a className="mono" href={`/runs/${runId}/programs/${r.programId}`}>{r.program}</a> : '—'}</td>
                  <td className="wrap">{r.verdict}</td>
                  <td className="num">{r.toolCalls ?? '—'}</td>
                  <td className="num">{r.tokens === null ? '—' : formatCount(r.tokens)}</td>
                  <td className="wrap mono">{r.auxMetrics}</td>
                  <td className={r.candidateGain === 'better' ? undefined : 'muted'}>{r.candidate}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canStart && (
        <>
          <h2 id="diagnose">Diagnose the plateau</h2>
          <DiagnoseForm runId={runId} hasEvaluator={hasEvaluator} initialAt={initialAt} initialK={initialK} onDone={() => void queryClient.invalidateQueries({ queryKey: ['diagnoses', runId] })} />
        </>
      )}
    </div>
  );
}
