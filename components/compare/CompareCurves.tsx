'use client';
// VISUALISE: best-so-far of several runs on normalised iterations, raw or normalised y.
import { useMemo, useState } from 'react';
import { Axes } from '../analysis/Axes';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { useElementWidth } from '../chart/useElementWidth';
import { prepareCompareChart, type CurveInput } from './compareModel';

const HEIGHT = 340;

export function CompareCurves({ inputs, definition, metrics }: { inputs: CurveInput[]; definition: string | null; metrics: string }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [normalise, setNormalise] = useState(false);
  const chart = useMemo(() => (width > 0 ? prepareCompareChart(inputs, normalise, width, HEIGHT) : null), [inputs, normalise, width]);
  return (
    <figure className="chart analysis-figure" data-testid="compare-curves" data-state={chart ? 'ready' : 'loading'}>
      <div className="chart-toolbar">
        <label>
          <input type="checkbox" checked={normalise} onChange={(e) => setNormalise(e.target.checked)} /> Normalise each run’s y to [first valid score, final best]
        </label>
      </div>
      <div ref={ref} style={{ minHeight: HEIGHT }}>
        {chart && (
          <svg width={chart.width} height={chart.height} role="img" aria-label="Best-so-far of each run over normalised iterations">
            <Axes
              plot={chart.plot}
              xTicks={chart.xTicks}
              yTicks={chart.yTicks}
              xLabel="iteration / last iteration"
              yLabel={normalise ? 'share of the run’s gain' : `best-so-far (${metrics})`}
              height={chart.height}
            />
            {chart.curves.map((c) => (
              <path key={c.runId} data-testid="compare-curve" data-run={c.runId} d={c.path} fill="none" stroke={c.colour} strokeWidth={2}>
                <title>{c.name}</title>
              </path>
            ))}
          </svg>
        )}
      </div>
      <figcaption>
        <div className="legend">
          {chart?.curves.map((c) => (
            <span key={c.runId}>
              <svg className="swatch" width="22" height="10" aria-hidden="true">
                <path d="M1 8 H9 V2 H21" stroke={c.colour} strokeWidth="2" fill="none" />
              </svg>
              {c.name}
            </span>
          ))}
        </div>
        <DefinitionNote>
          {definition ?? 'Best-so-far of the primary score.'} x: a program’s iteration divided by its run’s last iteration.
          {normalise ? ' y: (best-so-far − first valid score) / (final best − first valid score); a run without gain sits at 100 %.' : ' y: raw values of each run’s primary score.'}
        </DefinitionNote>
      </figcaption>
    </figure>
  );
}
