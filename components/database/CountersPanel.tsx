'use client';
// VISUALISE: the seed's counters over time (a small multiple per counter the source keeps) and
// the cumulative tokens, cost, CPU and GPU time at the chosen moment. A counter the source does
// not keep is absent, never drawn as zero.
import { line, scaleLinear } from 'd3';
import type { SearchStateResponse } from '@/lib/contracts/api/searchStateSchemas';
import { countersModel } from './countersModel';
import { Table } from '../ui/Table';

type Props = { counters: SearchStateResponse['counters']; missing: SearchStateResponse['missing']; at: SearchStateResponse['snapshots'][number]['at'] | null };

function Spark({ points }: { points: [number, number][] }) {
  const W = 180;
  const H = 40;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x = scaleLinear().domain([Math.min(...xs), Math.max(...xs, Math.min(...xs) + 1)]).range([2, W - 2]);
  const y = scaleLinear().domain([Math.min(0, ...ys), Math.max(...ys, 1)]).range([H - 2, 2]);
  return (
    <svg width={W} height={H} aria-hidden="true">
      <path d={line()(points.map(([a, b]) => [x(a), y(b)])) ?? ''} fill="none" stroke="#0969da" strokeWidth={1.3} />
    </svg>
  );
}

export function CountersPanel({ counters, missing, at }: Props) {
  const m = countersModel(counters, at);
  return (
    <section aria-labelledby="counters-h" data-testid="counters-panel">
      <h2 id="counters-h">Counters and cost</h2>
      {counters.length === 0 ? (
        <p>The source records no counters{missing.counters ? `: ${missing.counters}` : '.'}</p>
      ) : (
        <Table
          wrap={false}
          tableProps={{ 'data-testid': 'counters-table', style: { width: 'auto' } }}
          caption="Counters over time, with their value at the chosen moment and at the end"
          captionProps={{ className: 'sr-only' }}
          rows={m.series}
          rowKey={(s) => s.key}
          keyboard
          rowProps={(s) => ({ 'data-testid': 'counter-row', 'data-counter': s.key, 'data-final': s.final })}
          columns={[
            { key: 'counter', header: 'counter', rowHeader: true, cell: (s) => s.label },
            { key: 'moment', header: 'at the chosen moment', numeric: true, cell: (s) => (s.atMoment === null ? '—' : s.format(s.atMoment)) },
            { key: 'end', header: 'at the end', numeric: true, cell: (s) => s.format(s.final) },
            { key: 'spark', header: `over ${m.clock ?? 'samples'}`, cell: (s) => <Spark points={s.points} /> },
          ]}
        />
      )}
      {(['costs', 'tokens'] as const).filter((k) => missing[k]).map((k) => (
        <p key={k} className="muted">
          {k}: {missing[k]}
        </p>
      ))}
    </section>
  );
}
