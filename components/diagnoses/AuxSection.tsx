'use client';
// The diagnosis's auxiliary_metrics.py (read only), "Run over all programs" (POST .../aux, an
// 'aux' experiment followed with the experiments' progress bar) and the metrics' trend chart.
import { useState } from 'react';
import type { ExperimentView } from '@/lib/contracts/interventionTypes';
import { useExperiment, useWhenFinished } from '../experiments/experimentClient';
import { isActive, progressLabel } from '../experiments/experimentLabels';
import { NoEvaluatorReason } from '../evaluators/NoEvaluatorReason';
import { ProgressBar } from '../ui/ProgressBar';
import { AuxTrendChart } from './AuxTrendChart';
import { startAuxRun } from './diagnosisClient';

/** hasEvaluator: the script runs on the run's evaluator; without one the button is disabled, the reason beside it. */
export function AuxSection({ runId, diagnosisId, script, canRun, hasEvaluator }: { runId: string; diagnosisId: string; script: string | null; canRun: boolean; hasEvaluator: boolean }) {
  const [started, setStarted] = useState<ExperimentView | null>(null);
  const followed = useExperiment(runId, started?.id ?? null);
  const run = followed.data?.experiment ?? started;
  const [failed, setError] = useState<string | null>(null);
  const error = failed ?? (followed.isError ? followed.error.message : null);
  const [refreshKey, setRefreshKey] = useState(0);
  useWhenFinished(followed.data?.experiment, (x) => {
    setRefreshKey((k) => k + 1);
    if (x.status === 'failed') setError(x.error ?? 'the aux run failed');
  });

  const start = async () => {
    setError(null);
    try {
      const x = await startAuxRun(runId, diagnosisId);
      setStarted(x);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <div data-testid="aux-section">
      {script === null ? (
        <p className="muted">This diagnosis has no auxiliary_metrics.py.</p>
      ) : (
        <>
          <pre aria-label="auxiliary_metrics.py" data-testid="aux-script">{script}</pre>
          {canRun && (
            <div className="row">
              <button
                type="button"
                onClick={() => void start()}
                disabled={!hasEvaluator || (run !== null && isActive(run.status))}
                aria-describedby={hasEvaluator ? undefined : 'aux-no-evaluator'}
              >
                Run over all programs
              </button>
              {!hasEvaluator && <NoEvaluatorReason runId={runId} id="aux-no-evaluator" />}
            </div>
          )}
          {run && <ProgressBar label={progressLabel(run)} value={run.done} max={run.total || null} testId="aux-progress" />}
          {error && <p className="error" role="alert">{error}</p>}
        </>
      )}
      <AuxTrendChart runId={runId} diagnosisId={diagnosisId} refreshKey={refreshKey} />
    </div>
  );
}
