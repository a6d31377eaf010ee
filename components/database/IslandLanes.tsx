'use client';
// VISUALISE: islands as lanes over time (lanesModel): size bars, best-score line, resets (marked,
// with the donor), migrations (arrows between lanes), the chosen moment as a vertical rule.
// Each lane's label is a button choosing that island for the clusters below.
import { useMemo } from 'react';
import { useElementWidth } from '../chart/useElementWidth';
import type { SearchStateResponse } from '@/lib/contracts/api/searchStateSchemas';
import { prepareLanes } from './lanesModel';
import { Legend } from '../ui/Legend';

export function IslandLanes({ state, seq, island, onIsland }: { state: SearchStateResponse; seq: number | null; island: number | null; onIsland: (i: number) => void }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const chart = useMemo(() => (width > 0 ? prepareLanes(state, width) : null), [state, width]);
  const atX = chart && seq !== null ? chart.snapshotX.get(seq) : undefined;
  return (
    <figure className="chart" data-testid="island-lanes" data-state={chart ? 'ready' : 'loading'} data-lanes={chart?.lanes.length ?? 0} data-resets={chart?.resets.length ?? 0} data-migrations={chart?.migrations.length ?? 0}>
      <div ref={ref}>
        {chart && (
          <svg width={chart.width} height={chart.height} role="img" aria-label={`${chart.lanes.length} islands over ${chart.clock}: size bars, best score line, ${chart.resets.length} resets, ${chart.migrations.length} migrations`}>
            <defs>
              <marker id="mig-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
                <path d="M0,0 L8,4 L0,8 z" fill="#8250df" />
              </marker>
            </defs>
            {chart.lanes.map((l) => (
              <g key={l.island} data-testid="island-lane" data-island={l.island}>
                <rect x={chart.left} y={l.y} width={chart.width - chart.left - 4} height={chart.laneHeight - 2} fill={l.island === island ? '#eef4ff' : '#fafafa'} />
                <text x={4} y={l.y + chart.laneHeight / 2 + 4} fontSize={12} fill="#1f2328">
                  island {l.island}
                </text>
                {l.bars.map((b) => (
                  <rect key={b.seq} x={b.x} y={b.y} width={chart.barWidth} height={b.h} fill="#b6c8e6">
                    <title>{`island ${l.island}: ${b.size} programs (snapshot ${b.seq})`}</title>
                  </rect>
                ))}
                {l.bestPath && <path d={l.bestPath} fill="none" stroke="#1a7f37" strokeWidth={1.5} />}
              </g>
            ))}
            {chart.migrations.map((m, k) => (
              <line key={`m${k}`} x1={m.x} x2={m.x + 6} y1={m.y1} y2={m.y2} stroke="#8250df" strokeWidth={1.2} markerEnd="url(#mig-arrow)" data-testid="migration-arrow">
                <title>{m.label}</title>
              </line>
            ))}
            {chart.resets.map((r, k) => (
              <g key={`r${k}`} data-testid="reset-mark" data-island={r.island} data-donor={r.donor ?? ''}>
                <path d={`M${r.x},${r.y - 9} L${r.x + 6},${r.y} L${r.x},${r.y + 9} L${r.x - 6},${r.y} z`} fill="#cf222e" opacity={0.85}>
                  <title>{r.label}</title>
                </path>
                {r.donor !== null && (
                  <text x={r.x + 7} y={r.y - 6} fontSize={9} fill="#cf222e">
                    ←{r.donor}
                  </text>
                )}
              </g>
            ))}
            {atX !== undefined && <line x1={atX} x2={atX} y1={4} y2={chart.height - 22} stroke="#0969da" strokeWidth={1.5} strokeDasharray="4 3" data-testid="moment-rule" />}
            {chart.ticks.map((t) => (
              <text key={t.x} x={t.x} y={chart.height - 6} fontSize={11} fill="#62666d" textAnchor="middle">
                {t.label}
              </text>
            ))}
          </svg>
        )}
      </div>
      <Legend
        as="figcaption"
        items={[
          { label: 'bars: island size', shape: 'none' },
          { label: 'line: best score', color: '#1a7f37', shape: 'none' },
          { label: '◆ reset (←donor island)', color: '#cf222e', shape: 'none' },
          { label: '→ migration', color: '#8250df', shape: 'none' },
          { key: 'x', label: `x: ${chart?.clock ?? ''}`, shape: 'none' },
        ]}
      />
      <div role="group" aria-label="Choose an island">
        {chart?.lanes.map((l) => (
          <button key={l.island} type="button" aria-pressed={l.island === island} onClick={() => onIsland(l.island)}>
            island {l.island}
          </button>
        ))}
      </div>
    </figure>
  );
}
