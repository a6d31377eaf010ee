// A program's metrics as reported by the evaluator (programs.metrics), the score metric first.
import { formatScore } from '../ui/format';

function show(v: unknown): string {
  if (typeof v === 'number') return formatScore(v);
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

export function MetricsTable({ metrics, scoreMetric }: { metrics: Record<string, unknown>; scoreMetric: string | null }) {
  const keys = Object.keys(metrics).sort((a, b) => (a === scoreMetric ? -1 : b === scoreMetric ? 1 : a.localeCompare(b)));
  if (!keys.length) return <p className="muted">No metrics recorded.</p>;
  return (
    <div className="table-wrap">
      <table className="data" aria-label="Metrics">
        <tbody>
          {keys.map((k) => (
            <tr key={k}>
              <th scope="row" className="mono">
                {k}
                {k === scoreMetric && <span className="tag" style={{ marginLeft: 6 }}>score</span>}
              </th>
              <td className="num mono" style={{ whiteSpace: 'pre-wrap' }}>{show(metrics[k])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
