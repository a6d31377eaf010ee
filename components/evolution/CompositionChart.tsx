'use client';
// VISUALISE: edit-composition buckets over iterations, as stacked bars (counts or shares).
import { useMemo, useState } from 'react';
import type { CompositionSlice } from '@/lib/contracts/api/analyses';
import { Axes } from '../analysis/Axes';
import { COMPOSITION_COLOURS, COMPOSITION_DEFINITION, COMPOSITION_LABELS, NO_BUCKET_COLOUR } from '../analysis/colours';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { useElementWidth } from '../chart/useElementWidth';
import { COMPOSITION_KEYS, prepareCompositionChart, type CompositionKey } from './compositionChartModel';
import { Legend } from '../ui/Legend';

const HEIGHT = 260;
const colour = (k: CompositionKey) => (k === 'none' ? NO_BUCKET_COLOUR : COMPOSITION_COLOURS[k]);
const label = (k: CompositionKey) => (k === 'none' ? 'no code lines' : COMPOSITION_LABELS[k]);

export function CompositionChart({ slices, definitions }: { slices: CompositionSlice[]; definitions: string }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [shares, setShares] = useState(false);
  const chart = useMemo(() => (width > 0 ? prepareCompositionChart(slices, width, HEIGHT, shares) : null), [slices, width, shares]);
  return (
    <figure className="chart analysis-figure" data-testid="composition-chart" data-state={chart ? 'ready' : 'loading'}>
      <div className="chart-toolbar">
        <label>
          <input type="checkbox" checked={shares} onChange={(e) => setShares(e.target.checked)} /> show shares (each bar 100 %)
        </label>
      </div>
      <div ref={ref} style={{ minHeight: HEIGHT }}>
        {chart && (
          <svg width={chart.width} height={chart.height} role="img" aria-label="Edit-composition buckets over iterations (stacked bars)">
            <Axes plot={chart.plot} xTicks={chart.xTicks} yTicks={chart.yTicks} xLabel="iteration" yLabel={shares ? 'share of edits' : 'edits'} height={chart.height} />
            {chart.rects.map((r) => (
              <rect key={`${r.key}-${r.from}`} data-testid="composition-rect" x={r.x} y={r.y} width={r.width} height={r.height} fill={colour(r.key)}>
                <title>{`iterations ${r.from}–${r.to}: ${r.count} of ${r.total} edits ${label(r.key)}`}</title>
              </rect>
            ))}
          </svg>
        )}
      </div>
      <figcaption>
        <Legend items={COMPOSITION_KEYS.map((k) => ({ key: k, label: label(k), color: colour(k) }))} />
        <DefinitionNote>
          {COMPOSITION_DEFINITION} {definitions}
        </DefinitionNote>
      </figcaption>
    </figure>
  );
}
