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
import { Table } from '../ui/Table';

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
        <Table
          label={`Plateaus (K = ${data.k})`}
          wrap={false}
          caption={
            <>
              Plateaus (K = {data.k}): {data.plateaus.length === 0 ? 'none' : data.plateaus.length}
              {data.axis === 'iteration' && data.plateaus.length > 0 && ' · on iterations (this run’s generations do not order time)'}
            </>
          }
          captionProps={{ className: 'muted', style: { textAlign: 'left' } }}
          hideWhenEmpty
          rows={data.plateaus}
          rowKey={(p) => `${p.startGeneration}-${p.endGeneration}`}
          keyboard
          rowProps={(p, i) => ({
            'data-testid': 'plateau-row',
            'data-active': active === i ? 'true' : undefined,
            'aria-label': describePlateau(p, data.axis),
            onMouseEnter: () => onHover(i),
            onMouseLeave: () => onHover(null),
            onFocus: () => onFocusRow(i),
            onBlur: () => onFocusRow(null),
          })}
          columns={[
            {
              key: 'plateau',
              header: 'Plateau',
              cell: (p) => (
                <>
                  {unit}s {p.startGeneration}–{p.endGeneration}
                  {p.open && <span className="muted"> (run ends on it)</span>}
                </>
              ),
            },
            { key: 'length', header: 'Length', numeric: true, cell: (p) => p.length },
            { key: 'programs', header: 'Programs', numeric: true, cell: (p) => p.programs.toLocaleString('en-US') },
            { key: 'cost', header: 'Cost', numeric: true, cell: (p) => formatCost(p.cost) },
            { key: 'tokens', header: 'Tokens', numeric: true, cell: (p) => (p.tokens === null ? '—' : Math.round(p.tokens).toLocaleString('en-US')) },
            { key: 'best', header: 'Best held', numeric: true, cell: (p) => formatScore(p.bestScore) },
            {
              key: 'why',
              header: 'Why it stalled',
              cell: (p) => (
                <Link href={`/runs/${runId}/diagnoses?at=${p.endGeneration}&k=${data.k}`} prefetch={false} data-testid="plateau-diagnose">
                  Diagnose
                </Link>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
