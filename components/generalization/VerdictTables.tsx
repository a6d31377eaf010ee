// Tables 11 (task x framework: each run's verdict and private change) and 12 (verdict counts per
// framework), with their CSV and JSON exports (GET /api/generalization). Server-rendered; the
// matrix stays a plain table (row and column headers), the counts are a Table (client).
import Link from 'next/link';
import { VERDICT_LABELS } from '@/lib/contracts/generalizationTypes';
import { frameworkCounts, verdictMatrix, type RunVerdict } from '@/lib/analysis/generalizationTables';
import { formatSigned } from '../ui/format';
import { FrameworkCountsTable } from './FrameworkCountsTable';


function Exports({ table }: { table: 'verdicts' | 'counts' }) {
  return (
    <p className="row" style={{ margin: '0.4rem 0' }}>
      <a href={`/api/generalization?table=${table}&format=csv`} download>
        Export CSV
      </a>
      <a href={`/api/generalization?table=${table}&format=json`} download>
        Export JSON
      </a>
    </p>
  );
}

export function VerdictTables({ runs }: { runs: RunVerdict[] }) {
  if (runs.length === 0)
    return (
      <p className="muted" data-testid="no-private-runs">
        No run has been re-scored on a private test set yet. Open a run whose evaluator has a private test set, then its &quot;Public vs
        private&quot; view, and start the re-scoring there.
      </p>
    );
  const m = verdictMatrix(runs);
  const counts = frameworkCounts(runs);
  return (
    <>
      <h2>Verdicts by task and framework (Table 11)</h2>
      <p className="muted">Each cell: the verdict of each run of that task and framework, with its private change from the first to the last program of the chain. Bold: overfit.</p>
      <Exports table="verdicts" />
      <div className="table-wrap">
        <table className="data" aria-label="Verdicts by task and framework">
          <thead>
            <tr>
              <th scope="col">Task</th>
              {m.frameworks.map((f) => (
                <th scope="col" key={f}>
                  {f}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {m.tasks.map((t) => (
              <tr key={t}>
                <th scope="row">{t}</th>
                {m.frameworks.map((f) => (
                  <td key={f}>
                    {(m.cells[t][f] ?? []).length === 0 ? (
                      <span className="muted">—</span>
                    ) : (
                      m.cells[t][f].map((r) => (
                        <div key={r.runId} data-testid="verdict-cell" data-verdict={r.verdict}>
                          <Link href={`/runs/${r.runId}/generalization`} prefetch={false} title={r.name}>
                            {r.verdict.startsWith('overfit') ? <strong>{VERDICT_LABELS[r.verdict]}</strong> : VERDICT_LABELS[r.verdict]}
                          </Link>{' '}
                          <span className="muted">
                            {formatSigned(r.privateChange)}
                            {!r.higherIsBetter && ' (lower is better)'}
                          </span>
                          {m.cells[t][f].length > 1 && <span className="muted"> · {r.name}</span>}
                        </div>
                      ))
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Verdict counts per framework (Table 12)</h2>
      <Exports table="counts" />
      <FrameworkCountsTable counts={counts} />
      <p className="analysis-definition">
        Runs scored: runs with a verdict; not scored: runs re-scored on the private set whose first or last chain program has no private score (or
        whose chain has one program).
      </p>
    </>
  );
}
