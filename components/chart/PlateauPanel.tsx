'use client';
// The plateaus under the score chart, as the accessible list of what the bands show: K (kept in
// the URL as ?k=), one row per plateau with its length and budget, and a CSV export.
import Link from 'next/link';
import type { PlateausResponse } from '@/lib/contracts/api/plateaus';
import { downloadText } from '../analysis/download';
import { formatCost } from '../run/costFormat';
import { formatScore } from '../ui/format';
import { PlateauKInput } from './PlateauKInput';
import { describePlateau, plateausCsv } from './plateauModel';

export function PlateauPanel({
  runId,
  k,
  onK,
  data,
  error,
  active,
  onHover,
  onFocusRow,
}: {
  runId: string;
  k: number;
  onK: (k: number) => void;
  data: PlateausResponse | undefined;
  error: string | null;
  active: number | null;
  onHover: (index: number | null) => void;
  onFocusRow: (index: number | null) => void;
}) {
  const unit = data?.axis ?? 'generation';
  return (
    <div className="plateaus" data-testid="plateau-panel" data-state={data && data.k === k ? 'ready' : 'loading'}>
      <div className="chart-toolbar">
        <PlateauKInput k={k} onK={onK} testId="plateau-k" />
        <span className="muted">no strict improvement of the best-so-far in K or more {unit}s</span>
        {data && data.plateaus.length > 0 && (
          <button type="button" data-testid="plateau-csv" onClick={() => downloadText(`plateaus-k${data.k}.csv`, plateausCsv(data, runId), 'text/csv')}>
            Export CSV
          </button>
        )}
      </div>
      {error && <p className="error" role="alert">Could not load plateaus: {error}</p>}
      {data && (
        <table className="data" aria-label={`Plateaus (K = ${data.k})`}>
          <caption className="muted" style={{ textAlign: 'left' }}>
            Plateaus (K = {data.k}): {data.plateaus.length === 0 ? 'none' : data.plateaus.length}
            {data.axis === 'iteration' && data.plateaus.length > 0 && ' · on iterations (this run’s generations do not order time)'}
          </caption>
          {data.plateaus.length > 0 && (
            <>
              <thead>
                <tr>
                  <th scope="col">Plateau</th>
                  <th scope="col" className="num">Length</th>
                  <th scope="col" className="num">Programs</th>
                  <th scope="col" className="num">Cost</th>
                  <th scope="col" className="num">Tokens</th>
                  <th scope="col" className="num">Best held</th>
                  <th scope="col">Why it stalled</th>
                </tr>
              </thead>
              <tbody>
                {data.plateaus.map((p, i) => (
                  <tr
                    key={`${p.startGeneration}-${p.endGeneration}`}
                    data-testid="plateau-row"
                    data-active={active === i ? 'true' : undefined}
                    tabIndex={0}
                    aria-label={describePlateau(p, data.axis)}
                    onMouseEnter={() => onHover(i)}
                    onMouseLeave={() => onHover(null)}
                    onFocus={() => onFocusRow(i)}
                    onBlur={() => onFocusRow(null)}
                  >
                    <td>
                      {unit}s {p.startGeneration}–{p.endGeneration}
                      {p.open && <span className="muted"> (run ends on it)</span>}
                    </td>
                    <td className="num">{p.length}</td>
                    <td className="num">{p.programs.toLocaleString('en-US')}</td>
                    <td className="num">{formatCost(p.cost)}</td>
                    <td className="num">{p.tokens === null ? '—' : Math.round(p.tokens).toLocaleString('en-US')}</td>
                    <td className="num">{formatScore(p.bestScore)}</td>
                    <td>
                      <Link href={`/runs/${runId}/diagnoses?at=${p.endGeneration}&k=${data.k}`} prefetch={false} data-testid="plateau-diagnose">
                        Diagnose
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </>
          )}
        </table>
      )}
    </div>
  );
}
