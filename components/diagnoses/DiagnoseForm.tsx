'use client';
// "Diagnose the plateau": POST /api/runs/:runId/diagnoses with the trigger generation (default:
// the end of the run's last plateau, GET /plateaus; empty = the run's last generation) and the
// bounds, then the job's progress bar and, once done, a link to the diagnosis it wrote.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_PLATEAU_K, diagnoseParamsSchema, type DiagnoseExperimentReport } from '@/lib/trace/diagnosis';
import type { ExperimentView } from '@/lib/contracts/interventionTypes';
import { useExperiment, useWhenFinished } from '../experiments/experimentClient';
import { isActive, progressLabel } from '../experiments/experimentLabels';
import { NoEvaluatorReason } from '../evaluators/NoEvaluatorReason';
import { ProgressBar } from '../ui/ProgressBar';
import { getPlateaus, startDiagnosis } from './diagnosisClient';

const DEFAULTS = diagnoseParamsSchema.parse({});

/**
 * initialAt / initialK: asked for in the URL (?at=&k=, the plateau table's "Diagnose" link).
 * hasEvaluator: the agent's tools run on the run's evaluator; without one the button is disabled, the reason beside it.
 */
export function DiagnoseForm({ runId, onDone, hasEvaluator, initialAt, initialK }: { runId: string; onDone: () => void; hasEvaluator: boolean; initialAt?: number; initialK?: number }) {
  const plateaus = useQuery({ queryKey: ['plateaus', runId, DEFAULT_PLATEAU_K], queryFn: ({ signal }) => getPlateaus(runId, DEFAULT_PLATEAU_K, signal), retry: false });
  const lastPlateauEnd = plateaus.data?.plateaus.at(-1)?.endGeneration;
  const [at, setAt] = useState<string | null>(initialAt !== undefined ? String(initialAt) : null);
  const [k, setK] = useState(String(initialK ?? DEFAULTS.k));
  const [maxToolCalls, setMaxToolCalls] = useState(String(DEFAULTS.maxToolCalls));
  const [maxTokens, setMaxTokens] = useState(String(DEFAULTS.maxTokens));
  const [aux, setAux] = useState(DEFAULTS.auxMetrics);
  const [candidate, setCandidate] = useState(DEFAULTS.agentCandidate);
  const [started, setStarted] = useState<ExperimentView | null>(null);
  const followed = useExperiment(runId, started?.id ?? null);
  const job = followed.data?.experiment ?? started;
  const [failed, setError] = useState<string | null>(null);
  const error = failed ?? (followed.isError ? followed.error.message : null);
  useWhenFinished(followed.data?.experiment, (x) => {
    onDone();
    if (x.status === 'failed') setError(x.error ?? 'the diagnosis failed');
  });
  const atValue = at ?? (lastPlateauEnd !== undefined ? String(lastPlateauEnd) : '');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const x = await startDiagnosis(runId, {
        ...(atValue.trim() !== '' ? { atGeneration: Number(atValue) } : {}),
        k: Number(k), maxToolCalls: Number(maxToolCalls), maxTokens: Number(maxTokens), auxMetrics: aux, agentCandidate: candidate,
      });
      setStarted(x);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const diagnosisId = job?.status === 'done' ? (job.result as DiagnoseExperimentReport | null)?.diagnosisId ?? null : null;

  return (
    <form aria-label="Diagnose the plateau" onSubmit={(e) => void submit(e)} data-testid="diagnose-form">
      <div className="row">
        <label>
          At generation{' '}
          <input type="number" min={0} step={1} value={atValue} placeholder="the run's last" onChange={(e) => setAt(e.target.value)} style={{ width: '7rem' }} />
        </label>
        <label>
          Plateau K <input type="number" min={1} max={1000} step={1} value={k} onChange={(e) => setK(e.target.value)} style={{ width: '5rem' }} />
        </label>
        <label>
          Max tool calls <input type="number" min={1} max={100} step={1} value={maxToolCalls} onChange={(e) => setMaxToolCalls(e.target.value)} style={{ width: '5rem' }} />
        </label>
        <label>
          Max tokens <input type="number" min={1000} max={2000000} step={1000} value={maxTokens} onChange={(e) => setMaxTokens(e.target.value)} style={{ width: '8rem' }} />
        </label>
        <label>
          <input type="checkbox" checked={aux} onChange={(e) => setAux(e.target.checked)} /> ask for auxiliary_metrics.py
        </label>
        <label>
          <input type="checkbox" checked={candidate} onChange={(e) => setCandidate(e.target.checked)} /> ask for an agent candidate
        </label>
        <button type="submit" disabled={!hasEvaluator || (job !== null && isActive(job.status))} aria-describedby={hasEvaluator ? undefined : 'diagnose-no-evaluator'}>
          Diagnose the plateau
        </button>
        {!hasEvaluator && <NoEvaluatorReason runId={runId} id="diagnose-no-evaluator" />}
      </div>
      <p className="muted">
        {lastPlateauEnd !== undefined
          ? `Defaults to the end of the run's last plateau (generation ${lastPlateauEnd}, K = ${plateaus.data?.k}).`
          : 'Empty: the best program up to the run’s last generation.'}{' '}
        Needs the LLM configured in Settings and the run&apos;s evaluator.
      </p>
      {job && <ProgressBar label={progressLabel(job)} value={job.done} max={job.total || null} testId="diagnose-progress" />}
      {diagnosisId && (
        <p>
          Done: <a href={`/runs/${runId}/diagnoses/${diagnosisId}`} data-testid="new-diagnosis-link">open the diagnosis</a>
        </p>
      )}
      {error && <p className="error" role="alert">{error}</p>}
    </form>
  );
}
