'use client';
// One re-run beside what the trace recorded: score change highlighted, metrics side by side,
// status, timings, evaluator version and the captured logs (collapsed).
import type { ProgramEvaluation } from '@/lib/contracts/api/evaluations';
import { compareEvaluations } from '../program/rerunCompareModel';
import { Table } from '../ui/Table';

const dirClass = (d: string | null) => (d === 'better' ? 'ok' : d === 'worse' ? 'error' : d === 'same' ? 'muted' : '');

function ms(v: number | null) {
  return v === null ? '—' : v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(2)} s`;
}

export function RerunComparison(props: {
  scoreMetric: string | null;
  higherIsBetter: boolean;
  recorded: { score: number | null; metrics: Record<string, unknown> };
  rerun: ProgramEvaluation;
}) {
  const { rerun } = props;
  const c = compareEvaluations({ ...props, rerun: { score: rerun.score, metrics: rerun.metrics } });
  const label = rerun.testSet === 'private' ? 'Re-run (private test set)' : 'Re-run';
  return (
    <div className="panel" data-testid={`rerun-${rerun.testSet ?? 'public'}`} style={{ marginBottom: '0.6rem' }}>
      <div className="row">
        <span className={`tag ${rerun.status === 'ok' ? 'ok' : 'bad'}`} data-testid="rerun-status">{rerun.status}</span>
        {rerun.sandboxStatus && <span className="muted">sandbox: {rerun.sandboxStatus}</span>}
        <span className="muted" data-testid="rerun-evaluator">evaluator version {rerun.evaluatorVersion ?? '—'}</span>
        <span className="muted">{rerun.testSet ?? 'public'} test set</span>
        <span className="muted" data-testid="rerun-timings">
          wall {ms(rerun.wallMs)} · CPU {ms(rerun.cpuMs)} · peak memory {rerun.peakMemoryKb === null ? '—' : `${(rerun.peakMemoryKb / 1024).toFixed(1)} MiB`}
        </span>
        <span className="muted">{new Date(rerun.createdAt).toLocaleString()}</span>
      </div>
      <p>
        {props.scoreMetric ?? 'score'}: recorded <strong data-testid="recorded-score">{c.score.recorded}</strong>, {label.toLowerCase()}{' '}
        <strong data-testid="rerun-score">{c.score.rerun}</strong>{' '}
        <span data-testid="rerun-score-delta" data-direction={c.score.direction ?? 'none'} className={`tag ${dirClass(c.score.direction)}`}>
          {c.score.reproduced ? 'reproduced exactly' : c.score.change || 'no score'}
        </span>
      </p>
      {c.rows.length > 0 && (
        <Table
          label={`Metrics: recorded vs ${label.toLowerCase()}`}
          rows={c.rows}
          rowKey={(r) => r.key}
          columns={[
            {
              key: 'metric',
              header: 'metric',
              rowHeader: true,
              className: 'mono',
              cell: (r) => (
                <>
                  {r.key}
                  {r.isScore && <span className="tag" style={{ marginLeft: 6 }}>score</span>}
                </>
              ),
            },
            { key: 'recorded', header: 'recorded', numeric: true, className: 'mono', cell: (r) => r.recorded },
            { key: 'rerun', header: label.toLowerCase(), numeric: true, className: 'mono', cell: (r) => r.rerun },
            {
              key: 'change',
              header: 'change',
              numeric: true,
              td: (r) => ({ className: `mono ${dirClass(r.direction)}`, style: r.isScore && r.change ? { fontWeight: 600 } : undefined }),
              cell: (r) => r.change,
            },
          ]}
        />
      )}
      {rerun.errors && (
        <details className="collapsible" open={rerun.status !== 'ok'}>
          <summary>Errors</summary>
          <div><pre>{rerun.errors}</pre></div>
        </details>
      )}
      <details className="collapsible">
        <summary>Output</summary>
        <div><pre>{rerun.output || '(no output)'}</pre></div>
      </details>
    </div>
  );
}
