// One re-run beside what the trace recorded: score change highlighted, metrics side by side,
// status, timings, evaluator version and the captured logs (collapsed).
import type { ProgramEvaluation } from '@/lib/contracts/api/evaluations';
import { compareEvaluations } from '../program/rerunCompareModel';

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
        <div className="table-wrap">
          <table className="data" aria-label={`Metrics: recorded vs ${label.toLowerCase()}`}>
            <thead>
              <tr>
                <th scope="col">metric</th>
                <th scope="col" className="num">recorded</th>
                <th scope="col" className="num">{label.toLowerCase()}</th>
                <th scope="col" className="num">change</th>
              </tr>
            </thead>
            <tbody>
              {c.rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row" className="mono">{r.key}{r.isScore && <span className="tag" style={{ marginLeft: 6 }}>score</span>}</th>
                  <td className="num mono">{r.recorded}</td>
                  <td className="num mono">{r.rerun}</td>
                  <td className={`num mono ${dirClass(r.direction)}`} style={r.isScore && r.change ? { fontWeight: 600 } : undefined}>{r.change}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
