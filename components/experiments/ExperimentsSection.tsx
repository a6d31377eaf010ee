'use client';
// The program page's "Experiments" (issue 11): Tune (the tuning gap), Replay (only for a program
// with a stored prompt), Ablate (only for a child with a parent in the archive); the experiment
// being followed (its permalink is ?experiment=<id> on this page) and the program's past
// experiments, newest first.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePathname, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { NoEvaluatorReason } from '../evaluators/NoEvaluatorReason';
import { formatDate } from '../ui/format';
import { listExperiments, startExperiment, type StartRequest } from './experimentClient';
import { experimentHref, KIND_TEXT, progressLabel } from './experimentLabels';
import { ExperimentPanel } from './ExperimentPanel';
import { ReplayForm } from './ReplayForm';
import { TuneForm } from './TuneForm';
import { Table } from '../ui/Table';

type Action = 'tune' | 'replay' | 'ablate';

export function ExperimentsSection({ runId, programId, original, language, scoreMetric, higherIsBetter, hasPrompt, hasParent, hasEvaluator }: {
  runId: string;
  programId: string;
  original: string;
  language: string | null;
  scoreMetric: string;
  higherIsBetter: boolean;
  hasPrompt: boolean;
  hasParent: boolean;
  /** Every experiment runs on the run's evaluator: without one all three are disabled, the reason beside them. */
  hasEvaluator: boolean;
}) {
  const pathname = usePathname();
  const search = useSearchParams();
  const selected = search.get('experiment');
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = ['experiments', runId, programId];
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => listExperiments(runId, { programId, limit: 100 }, signal) });

  // The native history API keeps useSearchParams in step without re-rendering the (server) page.
  const open = (id: string) => window.history.replaceState(null, '', `${pathname}?experiment=${id}#experiments`);

  async function start(req: StartRequest) {
    setStarting(true);
    setError(null);
    try {
      const x = await startExperiment(runId, req);
      setAction(null);
      open(x.id);
      void queryClient.invalidateQueries({ queryKey: key });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setStarting(false);
    }
  }

  const actions: { id: Action; label: string; offered: boolean; why: string }[] = [
    { id: 'tune', label: 'Tune', offered: true, why: '' },
    { id: 'replay', label: 'Replay', offered: hasPrompt, why: 'no stored prompt for this program' },
    { id: 'ablate', label: 'Ablate', offered: hasParent, why: 'no parent in the archive to revert to' },
  ];
  return (
    <section id="experiments" aria-label="Experiments" data-testid="experiments-section">
      <div className="row" role="group" aria-label="Start an experiment">
        {actions.map((a) => (
          <button
            key={a.id}
            type="button"
            aria-pressed={action === a.id}
            disabled={!a.offered || !hasEvaluator}
            title={!hasEvaluator ? 'no evaluator attached' : a.offered ? undefined : a.why}
            aria-describedby={hasEvaluator ? undefined : 'experiments-no-evaluator'}
            onClick={() => setAction(action === a.id ? null : a.id)}
          >
            {a.label}…
          </button>
        ))}
        {!hasEvaluator && <NoEvaluatorReason runId={runId} id="experiments-no-evaluator" />}
        <span className="muted" style={{ fontSize: '0.85rem' }}>
          Tune the program&apos;s numbers (the tuning gap), re-send its prompt, or revert its edit hunk by hunk; each runs in the worker on the
          run&apos;s evaluator. <a href={`/runs/${runId}/experiments`}>All of this run&apos;s experiments</a>
        </span>
      </div>
      <div className="panel" style={{ marginTop: '0.6rem' }} hidden={action === null || !hasEvaluator}>
        {action === 'tune' && <TuneForm runId={runId} programId={programId} busy={starting} onStart={start} />}
        {action === 'replay' && <ReplayForm programId={programId} busy={starting} onStart={start} />}
        {action === 'ablate' && (
          <form
            aria-label="Ablate"
            data-testid="ablate-form"
            onSubmit={(e) => {
              e.preventDefault();
              const functions = (e.currentTarget.elements.namedItem('functions') as HTMLInputElement).checked;
              void start({ kind: 'ablate', programId, params: { functions } });
            }}
            className="row"
          >
            <label>
              <input type="checkbox" name="functions" defaultChecked /> also revert each function the edit touched
            </label>
            <button type="submit" disabled={starting}>
              Start ablation
            </button>
          </form>
        )}
      </div>
      {error && (
        <p className="error" role="alert" data-testid="experiment-start-error">
          {error}
        </p>
      )}
      {selected && (
        <div style={{ marginTop: '0.8rem' }}>
          <ExperimentPanel
            key={selected}
            runId={runId}
            experimentId={selected}
            original={original}
            language={language}
            scoreMetric={scoreMetric}
            higherIsBetter={higherIsBetter}
            onChange={() => void queryClient.invalidateQueries({ queryKey: key })}
          />
        </div>
      )}
      <h3>Past experiments</h3>
      {list.isError && <p className="error" role="alert">{(list.error as Error).message}</p>}
      {list.data && list.data.items.length === 0 && <p className="muted">No experiments on this program yet.</p>}
      {list.data && list.data.items.length > 0 && (
        <Table
          label="Experiments of this program"
          tableProps={{ 'data-testid': 'experiment-list' }}
          rows={list.data.items}
          rowKey={(x) => x.id}
          rowProps={(x) => ({ 'aria-selected': x.id === selected, 'data-testid': 'experiment-row' })}
          onActivate={(x) => open(x.id)}
          columns={[
            { key: 'kind', header: 'kind', cell: (x) => KIND_TEXT[x.kind] },
            { key: 'started', header: 'started', cell: (x) => formatDate(x.createdAt) },
            { key: 'status', header: 'status', cell: (x) => x.status },
            { key: 'progress', header: 'progress', className: 'muted', cell: (x) => progressLabel(x) },
            {
              key: 'open',
              header: 'open',
              cell: (x) => (
                <a
                  href={experimentHref(x)}
                  onClick={(e) => {
                    e.preventDefault();
                    open(x.id);
                  }}
                >
                  {x.id === selected ? 'shown above' : 'open'}
                </a>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
