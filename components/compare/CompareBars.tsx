'use client';
// VISUALISE: per run, the recycled share (bar on a shared scale) and the edit composition
// (100 % bar), side by side, one row per run.
import { useMemo } from 'react';
import type { CompositionBucket } from '@/lib/contracts/analysisTypes';
import { COMPOSITION_COLOURS, COMPOSITION_DEFINITION, COMPOSITION_LABELS } from '../analysis/colours';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { useElementWidth } from '../chart/useElementWidth';
import { formatShare } from '../ui/format';
import { prepareCompositionShares, prepareShareBars } from './compareModel';
import { COMPOSITION_BUCKETS } from '@/lib/contracts/analysisTypes';
import { Legend } from '../ui/Legend';

export interface CompareBarRow {
  runId: string;
  name: string;
  recycledShare: number | null;
  composition: Record<CompositionBucket, number> | null;
}

export function CompareBars({ rows, definitionText }: { rows: CompareBarRow[]; definitionText: string | null }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const barWidth = Math.max(60, Math.floor((width - 40) / 2) - 8);
  // Room for the value label right of the longest bar.
  const shares = useMemo(() => prepareShareBars(rows.map((r) => ({ runId: r.runId, name: r.name, value: r.recycledShare })), barWidth - 56), [rows, barWidth]);
  return (
    <figure className="chart analysis-figure" data-testid="compare-bars">
      <div ref={ref} className="compare-bars">
        <div className="compare-bars-head muted">Recycled share of added lines</div>
        <div className="compare-bars-head muted">Edit composition</div>
        {rows.map((r, i) => {
          const bar = shares.bars[i];
          const comp = r.composition ? prepareCompositionShares(r.composition, barWidth) : null;
          return (
            <div key={r.runId} className="compare-bars-row" data-testid="compare-bar-row">
              <div>
                <div className="compare-bars-name">{r.name}</div>
                <svg width={barWidth} height={18} role="img" aria-label={`${r.name}: recycled share ${formatShare(r.recycledShare)}`}>
                  <rect x={0} y={3} width={bar.width} height={12} fill={bar.colour} />
                  <text x={bar.width + 4} y={13} fontSize={11} fill="#1c1d1f">
                    {formatShare(r.recycledShare)}
                  </text>
                </svg>
              </div>
              <div>
                <div className="compare-bars-name">&nbsp;</div>
                {comp ? (
                  <svg width={barWidth} height={18} role="img" aria-label={`${r.name}: ${comp.segments.map((s) => `${COMPOSITION_LABELS[s.bucket]} ${formatShare(s.share)}`).join(', ')}`}>
                    {comp.segments.map((s) => (
                      <rect key={s.bucket} x={s.x} y={3} width={s.width} height={12} fill={COMPOSITION_COLOURS[s.bucket]}>
                        <title>{`${COMPOSITION_LABELS[s.bucket]}: ${s.count} edits (${formatShare(s.share)})`}</title>
                      </rect>
                    ))}
                  </svg>
                ) : (
                  <span className="muted">computing…</span>
                )}
              </div>
            </div>
          );
        })}
      </div>
      <figcaption>
        <Legend items={COMPOSITION_BUCKETS.map((b) => ({ key: b, label: COMPOSITION_LABELS[b], color: COMPOSITION_COLOURS[b] }))} />
        <DefinitionNote>
          {definitionText ?? 'Evoscope default definitions.'} {COMPOSITION_DEFINITION}
        </DefinitionNote>
      </figcaption>
    </figure>
  );
}
