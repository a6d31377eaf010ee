'use client';
// VISUALISE: best-so-far of several runs. The reader picks the metric of each run, y raw (linear
// or log) or scaled per run, and x by normalised budget or by iteration. When the runs' metrics
// differ, each run is scaled on its own by default and the figure says so.
import { useId, useMemo } from 'react';
import { Axes } from '../analysis/Axes';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { useElementWidth } from '../chart/useElementWidth';
import { useUrlView } from '../ui/useUrlView';
import { compareChartQuery, compareChartView, metricsDiffer, prepareCompareChart, scalesDiffer, type CompareX, type CurveInput } from './compareModel';
import { Legend } from '../ui/Legend';

const HEIGHT = 340;

/** A run's metric choice: the run's metrics and the one its curve follows. */
export interface RunMetricChoice {
  runId: string;
  name: string;
  metric: string;
  scoreMetric: string | null;
  options: string[];
}

export function CompareCurves({
  inputs,
  definition,
  choices,
  onMetric,
}: {
  inputs: CurveInput[];
  definition: string | null;
  choices: RunMetricChoice[];
  onMetric: (runId: string, metric: string) => void;
}) {
  const id = useId();
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const metrics = choices.map((c) => c.metric);
  const differ = metricsDiffer(metrics);
  const scales = scalesDiffer(inputs);
  // The switches live in the URL (&norm=, &log=, &x=); norm absent: normalise when the runs'
  // metrics or scales differ, so runs on different scales never flatten each other by default.
  const [view, setView] = useUrlView(compareChartView, compareChartQuery);
  const normalise = view.normalise ?? (differ || scales);
  const { log, x: xBy } = view;
  const setNormalise = (on: boolean) => setView((v) => ({ ...v, normalise: on }));
  const setLog = (on: boolean) => setView((v) => ({ ...v, log: on }));
  const setX = (x: CompareX) => setView((v) => ({ ...v, x }));
  const chart = useMemo(
    () => (width > 0 ? prepareCompareChart(inputs, normalise, width, HEIGHT, { log, x: xBy }) : null),
    [inputs, normalise, width, log, xBy],
  );
  const listed = [...new Set(metrics)].join(', ') || 'primary score';
  const allPrimary = choices.every((c) => c.metric === c.scoreMetric);
  return (
    <figure className="chart analysis-figure" data-testid="compare-curves" data-state={chart ? 'ready' : 'loading'}>
      <div className="chart-toolbar">
        <label>
          <input type="checkbox" checked={normalise} onChange={(e) => setNormalise(e.target.checked)} data-testid="compare-normalise" /> Normalise each run’s y to [first valid score, final best]
        </label>
        <label title={normalise ? 'for raw values (untick "Normalise")' : undefined}>
          <input type="checkbox" checked={log} disabled={normalise} onChange={(e) => setLog(e.target.checked)} /> Log scale
        </label>
        <label htmlFor={`${id}-x`}>x axis</label>
        <select id={`${id}-x`} value={xBy} onChange={(e) => setX(e.target.value as CompareX)}>
          <option value="budget">normalised budget (iteration / last iteration)</option>
          <option value="iteration">iteration</option>
          <option value="cost">cumulative LLM cost</option>
        </select>
      </div>
      {choices.some((c) => c.options.length > 1) && (
        <div className="chart-toolbar" aria-label="Metric of each run" role="group">
          {choices.map((c) => (
            <span key={c.runId}>
              <label htmlFor={`${id}-m-${c.runId}`}>{c.name}</label>{' '}
              <select id={`${id}-m-${c.runId}`} aria-label={`Metric of ${c.name}`} value={c.metric} onChange={(e) => onMetric(c.runId, e.target.value)}>
                {c.options.map((m) => (
                  <option key={m} value={m}>
                    {m}
                    {m === c.scoreMetric ? ' (score)' : ''}
                  </option>
                ))}
              </select>
            </span>
          ))}
        </div>
      )}
      {xBy === 'cost' && (
        <p role="note" className="muted" style={{ margin: '0.2rem 0' }} data-testid="compare-cost-note">
          {inputs.filter((c) => c.cost && c.costBasis === 'counters').length > 0 &&
            `Interpolated linearly by iteration between the search’s own cumulative-cost counters: ${inputs.filter((c) => c.cost && c.costBasis === 'counters').map((c) => c.name).join(', ')}. `}
          {inputs.filter((c) => c.cost && c.costBasis === 'contexts').length > 0 &&
            `Summed over stored prompts in program order: ${inputs.filter((c) => c.cost && c.costBasis === 'contexts').map((c) => c.name).join(', ')}. `}
          {inputs.some((c) => !c.cost) && `No cost recorded, not drawn: ${inputs.filter((c) => !c.cost).map((c) => c.name).join(', ')}.`}
        </p>
      )}
      {(differ || scales || chart?.logRefused) && (
        <p role="note" className="muted" style={{ margin: '0.2rem 0' }} data-testid="compare-scale-note">
          {!differ &&
            scales &&
            (normalise
              ? 'The runs’ values lie on different scales: each run is scaled to its own range, from its first valid score (0 %) to its final best (100 %).'
              : 'The runs’ values lie on different scales: on one raw axis some runs look flat.')}
          {differ &&
            (normalise
              ? `The runs’ ${allPrimary ? 'score ' : ''}metrics differ (${listed}): each run is scaled to its own range, from its first valid score (0 %) to its final best (100 %).`
              : `The runs’ ${allPrimary ? 'score ' : ''}metrics differ (${listed}): raw values of different metrics share one axis here.`)}
          {chart?.logRefused && ` Linear scale: ${chart.logRefused}.`}
        </p>
      )}
      <div ref={ref} style={{ minHeight: HEIGHT }}>
        {chart && (
          <svg
            width={chart.width}
            height={chart.height}
            role="img"
            aria-label="Best-so-far of each run"
            data-y={chart.yScale}
            data-x={chart.x}
          >
            <Axes
              plot={chart.plot}
              xTicks={chart.xTicks}
              yTicks={chart.yTicks}
              xLabel={xBy === 'iteration' ? 'iteration' : xBy === 'cost' ? 'cumulative LLM cost ($)' : 'iteration / last iteration'}
              yLabel={normalise ? 'share of the run’s gain' : `best-so-far (${listed}${chart.yScale === 'log' ? ', log scale' : ''})`}
              height={chart.height}
            />
            {chart.curves.map((c) => (
              <path key={c.runId} data-testid="compare-curve" data-run={c.runId} data-metric={c.metric} d={c.path} fill="none" stroke={c.colour} strokeWidth={2}>
                <title>{`${c.name}${c.metric ? ` · ${c.metric}` : ''}`}</title>
              </path>
            ))}
          </svg>
        )}
      </div>
      <figcaption>
        <Legend
          items={(chart?.curves ?? []).map((c) => ({ key: c.runId, label: `${c.name}${differ && c.metric ? ` (${c.metric})` : ''}`, color: c.colour, shape: 'step' }))}
        />
        <DefinitionNote>
          {definition ?? 'Best-so-far of the primary score.'}{' '}
          {xBy === 'iteration'
            ? 'x: a program’s iteration.'
            : xBy === 'cost'
              ? 'x: the LLM cost the run had spent when the program was produced, held to the run’s total.'
              : 'x: a program’s iteration divided by its run’s last iteration.'}
          {normalise
            ? ' y: (best-so-far − first valid score) / (final best − first valid score); a run without gain sits at 100 %.'
            : ` y: raw values of each run’s chosen metric${chart?.yScale === 'log' ? ', on a log scale' : ''}.`}
        </DefinitionNote>
      </figcaption>
    </figure>
  );
}
