'use client';
// One experiment, followed while it runs: the progress bar (calls done of total), the phase
// line, Cancel; a cancelled or failed one offers Resume (it continues from its stored calls);
// a finished one shows its report. A tuning in progress already draws the calls stored so far.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AblationReport, ExperimentView, ReplayReport, TunePhase, TuneReport } from '@/lib/contracts/interventionTypes';
import { formatDate } from '../ui/format';
import { ProgressBar } from '../ui/ProgressBar';
import { AblationResult } from './AblationResult';
import { cancelExperiment, resumeExperiment, useExperiment, type ExperimentDetail } from './experimentClient';
import { experimentHref, isActive, KIND_TEXT, progressLabel } from './experimentLabels';
import { ReplayResult } from './ReplayResult';
import { TuneChart } from './TuneChart';
import { bestSoFarOf } from './tuneChartModel';
import { TuneResult } from './TuneResult';

const TUNE_PHASES: readonly string[] = ['default', 'random', 'guided'];

export function ExperimentPanel({ runId, experimentId, original, language, scoreMetric, higherIsBetter, onChange }: {
  runId: string;
  experimentId: string;
  /** The program's source (the tuned program is diffed against it). */
  original: string;
  language: string | null;
  scoreMetric: string;
  higherIsBetter: boolean;
  /** Told when the experiment's status changes (the list refreshes). */
  onChange?: (x: ExperimentView) => void;
}) {
  const followed = useExperiment(runId, experimentId);
  const detail: ExperimentDetail | null = followed.data ?? null;
  const [actError, setActError] = useState<string | null>(null);
  const error = actError ?? (followed.isError ? followed.error.message : null);
  const [acting, setActing] = useState(false);

  // onChange is a notification only: told once per status the experiment reaches.
  const status = detail?.experiment.status ?? null;
  const told = useRef<string | null>(null);
  const tell = useRef(onChange);
  tell.current = onChange;
  useEffect(() => {
    if (!detail || status === told.current) return;
    told.current = status;
    tell.current?.(detail.experiment);
  }, [detail, status]);

  const refetch = followed.refetch;
  const act = useCallback(
    async (what: 'cancel' | 'resume') => {
      setActing(true);
      setActError(null);
      try {
        await (what === 'cancel' ? cancelExperiment : resumeExperiment)(runId, experimentId);
        await refetch(); // a resumed one is queued again: polled again
      } catch (e) {
        setActError((e as Error).message);
      } finally {
        setActing(false);
      }
    },
    [runId, experimentId, refetch],
  );

  if (!detail) {
    return error ? <p className="error" role="alert">{error}</p> : <p className="muted" role="status">Loading the experiment…</p>;
  }
  const x = detail.experiment;
  const active = isActive(x.status);
  const liveTune = x.kind === 'tune' && active ? detail.calls.filter((c) => TUNE_PHASES.includes(c.phase)) : [];
  return (
    <article className="panel experiment-panel" data-testid="experiment-panel" data-experiment-id={x.id} data-status={x.status}>
      <header className="row" style={{ justifyContent: 'space-between' }}>
        <h3 style={{ margin: 0 }}>
          {KIND_TEXT[x.kind]} of {x.programExternalId}{' '}
          <span className={`tag${x.status === 'done' ? ' ok' : x.status === 'failed' ? ' bad' : ''}`} data-testid="experiment-status">
            {x.status}
          </span>
        </h3>
        <span className="muted" style={{ fontSize: '0.82rem' }}>
          started {formatDate(x.createdAt)} · <a href={experimentHref(x)} data-testid="experiment-permalink">permalink</a>
        </span>
      </header>
      {active && (
        <div className="row" style={{ alignItems: 'flex-end' }}>
          <div style={{ flex: 1, minWidth: '16rem' }}>
            <ProgressBar testId="experiment-progress" label={progressLabel(x)} value={x.done} max={x.total > 0 ? x.total : null} />
          </div>
          <button type="button" onClick={() => act('cancel')} disabled={acting}>
            Cancel
          </button>
        </div>
      )}
      {!active && x.status !== 'done' && (
        <div className="row">
          <p className={x.status === 'failed' ? 'error' : 'muted'} role={x.status === 'failed' ? 'alert' : undefined} data-testid="experiment-error">
            {x.status === 'failed' ? `Failed: ${x.error ?? 'no message'}` : `Cancelled after ${x.done} of ${x.total} calls.`}
          </p>
          <button type="button" onClick={() => act('resume')} disabled={acting}>
            Resume
          </button>
        </div>
      )}
      {error && <p className="error" role="alert">{error}</p>}
      {liveTune.length > 0 && (
        <TuneChart
          scoreMetric={scoreMetric}
          input={{
            calls: liveTune.map((c) => ({ idx: c.idx, phase: c.phase as TunePhase, score: c.score, status: c.status as 'ok' })),
            bestSoFar: bestSoFarOf(liveTune.map((c) => c.score), higherIsBetter),
            originalScore: null,
            runFinalBest: null,
            ceiling: null,
          }}
        />
      )}
      {x.status === 'done' && x.result?.kind === 'tune' && (
        <TuneResult runId={runId} experimentId={x.id} report={x.result as TuneReport} original={original} language={language} scoreMetric={scoreMetric} />
      )}
      {x.status === 'done' && x.result?.kind === 'replay' && <ReplayResult report={x.result as ReplayReport} />}
      {x.status === 'done' && x.result?.kind === 'ablate' && <AblationResult report={x.result as AblationReport} />}
    </article>
  );
}
