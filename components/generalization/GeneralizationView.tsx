'use client';
// The public/private page of one run: verdict, chart, per-step table, re-scoring, export.
// Polls GET /api/runs/[runId]/generalization while a re-scoring batch runs, so the progress bar
// and the table fill in as the private scores arrive.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FINISHED_BATCH, runGeneralizationSchema, stepsCsv, type RunGeneralizationResponse } from '@/lib/contracts/api/generalization';
import { VERDICT_LABELS, type Verdict } from '@/lib/contracts/generalizationTypes';
import { downloadText } from '../analysis/download';
import { apiFetch } from '../ui/apiFetch';
import { formatScore, formatSigned } from '../ui/format';
import { GeneralizationChart } from './GeneralizationChart';
import { RescorePanel } from './RescorePanel';
import { StepsTable } from './StepsTable';
import { ThresholdForm } from './ThresholdForm';

const VERDICT_TONE: Record<Verdict, string> = { aligned: 'ok', 'overfit-mild': 'bad', 'overfit-severe': 'bad', other: '', 'not-scored': '' };


function VerdictPanel({ data, onSaved }: { data: RunGeneralizationResponse; onSaved: (d: RunGeneralizationResponse) => void }) {
  const r = data.result;
  const v = r.verdict as Verdict;
  return (
    <section className="panel" aria-label="Verdict">
      <p style={{ margin: 0 }}>
        Verdict:{' '}
        <strong className={`tag ${VERDICT_TONE[v]}`} data-testid="run-verdict" data-verdict={v}>
          {VERDICT_LABELS[v]}
        </strong>{' '}
        <span className="muted">{r.verdictReason}.</span>
      </p>
      <dl className="stats" style={{ margin: '0.6rem 0' }}>
        <div className="stat">
          <dt>Δ public (first → last)</dt>
          <dd>{formatSigned(r.publicChange)}</dd>
        </div>
        <div className="stat">
          <dt>Δ private (first → last)</dt>
          <dd>{formatSigned(r.privateChange)}</dd>
        </div>
        <div className="stat">
          <dt>Severe-overfit threshold</dt>
          <dd data-testid="threshold-value" data-applicable={data.threshold.value !== null}>
            {data.threshold.value === null ? <span title={data.threshold.description}>not applicable</span> : formatScore(data.threshold.value)}
          </dd>
        </div>
        <div className="stat">
          <dt>Overfitting steps</dt>
          <dd>{r.overfitSteps}</dd>
        </div>
        <div className="stat">
          <dt>Steps with a private score</dt>
          <dd>
            {r.privateScoredSteps} of {r.steps.length}
          </dd>
        </div>
      </dl>
      <p className="analysis-definition">
        EvoReplay&apos;s verdict from the chain&apos;s first and last program: aligned (public and private better), overfit (mild: public better,
        private worse; severe: private worse by more than the threshold), other (public not better, or private unchanged). Threshold:{' '}
        <span data-testid="threshold-description">{data.threshold.description}</span>, in the score&apos;s units ({data.run.higherIsBetter ? 'higher' : 'lower'}{' '}
        is better).
        {r.recordedPublicSteps > 0 &&
          ` Public scores: ${r.recordedPublicSteps} of ${r.steps.length} steps have no public re-run and show the recorded score, marked "(recorded)".`}
      </p>
      <ThresholdForm key={`${data.threshold.source}:${data.threshold.value}`} runId={data.run.id} threshold={data.threshold} onSaved={onSaved} />
    </section>
  );
}

export function GeneralizationView({ runId }: { runId: string }) {
  const client = useQueryClient();
  const key = ['generalization', runId];
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiFetch(`/api/runs/${runId}/generalization`, { schema: runGeneralizationSchema, signal }),
    staleTime: 0,
    refetchInterval: (query) => {
      const b = query.state.data?.batch;
      return b && !FINISHED_BATCH.has(b.status) ? 1000 : false;
    },
  });
  const [focused, setFocused] = useState<number | null>(null);
  if (q.error) return <p className="error" role="alert">Could not load the public/private scores: {q.error.message}</p>;
  if (!q.data) return <p className="muted">Loading…</p>;
  const data = q.data;
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const steps = data.result.steps;
  const base = `generalization-${runId.slice(0, 8)}`;
  return (
    <div data-testid="generalization-view">
      <VerdictPanel data={data} onSaved={(d) => client.setQueryData(key, d)} />
      <h2>Re-scoring</h2>
      <RescorePanel runId={runId} data={data} onStarted={refresh} />
      <h2>Public and private score along the chain</h2>
      {steps.length === 0 ? (
        <p className="muted">This run has no valid program with a score, so no best-so-far chain.</p>
      ) : (
        <>
          <GeneralizationChart steps={steps} highlight={focused} />
          <div className="row cycling-export" role="group" aria-label="Export" style={{ marginTop: '0.8rem' }}>
            <button type="button" onClick={() => downloadText(`${base}.csv`, stepsCsv(steps), 'text/csv')}>
              Export table (CSV)
            </button>
            <button type="button" onClick={() => downloadText(`${base}.json`, JSON.stringify(data, null, 2), 'application/json')}>
              Export (JSON)
            </button>
          </div>
          <StepsTable runId={runId} steps={steps} higherIsBetter={data.run.higherIsBetter} onFocusStep={setFocused} />
        </>
      )}
    </div>
  );
}
