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
import { Table } from '../ui/Table';

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
        <Table
          label="Diagnoses"
          rows={rows}
          rowKey={(r) => r.id}
          rowProps={() => ({ 'data-testid': 'diagnosis-row' })}
          keyboard
          columns={[
            {
              key: 'generation',
              header: 'generation',
              numeric: true,
              rowHeader: true,
              cell: (r) => (
                <a href={`/runs/${runId}/diagnoses/${r.id}`} data-testid="diagnosis-link" aria-label={`Open the diagnosis at generation ${r.generation}`}>
                  {r.generation}
                </a>
              ),
            },
            { key: 'origin', header: 'origin', cell: (r) => (r.origin === 'imported' ? 'imported' : 'Evoscope') },
            { key: 'program', header: 'program diagnosed', cell: (r) => (r.programId ? <a className="mono" href={`/runs/${runId}/programs/${r.programId}`}>{r.program}</a> : '—') },
            { key: 'verdict', header: 'verdict', className: 'wrap', cell: (r) => r.verdict },
            { key: 'tools', header: 'tool calls', numeric: true, cell: (r) => r.toolCalls ?? '—' },
            { key: 'tokens', header: 'tokens', numeric: true, cell: (r) => (r.tokens === null ? '—' : formatCount(r.tokens)) },
            { key: 'aux', header: 'aux metrics', className: 'wrap mono', cell: (r) => r.auxMetrics },
            { key: 'candidate', header: 'agent candidate', td: (r) => ({ className: r.candidateGain === 'better' ? undefined : 'muted' }), cell: (r) => r.candidate },
          ]}
        />
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
