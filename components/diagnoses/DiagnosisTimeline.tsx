'use client';
// VISUALISE: the run's best-so-far curve with a marker at each diagnosis's trigger generation
// (timelineModel). A marker is a link: click or Enter opens the diagnosis.
import { useMemo } from 'react';
import { Axes } from '../analysis/Axes';
import { useElementWidth } from '../chart/useElementWidth';
import { formatScore } from '../ui/format';
import { prepareTimeline, type TimelineDiagnosis } from './timelineModel';
import { Legend } from '../ui/Legend';

const HEIGHT = 280;
const COLOURS = { imported: '#8250df', evoscope: '#e07b00' } as const;

export function DiagnosisTimeline({ runId, curve, lastIteration, diagnoses, scoreMetric, curvePending }: {
  runId: string;
  curve: { iteration: number; score: number }[];
  lastIteration: number | null;
  diagnoses: TimelineDiagnosis[];
  scoreMetric: string;
  curvePending: boolean;
}) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const chart = useMemo(() => (width > 0 ? prepareTimeline(curve, diagnoses, lastIteration, width, HEIGHT) : null), [curve, diagnoses, lastIteration, width]);
  return (
    <figure className="chart analysis-figure" data-testid="diagnosis-timeline" data-state={chart ? 'ready' : 'loading'} data-markers={chart?.markers.length ?? 0}>
      <div ref={ref} style={{ minHeight: HEIGHT }}>
        {chart && (
          <svg width={chart.width} height={chart.height} aria-label="Diagnoses on the run's best-so-far curve">
            <Axes plot={chart.plot} xTicks={chart.xTicks} yTicks={chart.yTicks} xLabel="iteration (= generation)" yLabel={scoreMetric} height={chart.height} />
            <path d={chart.curvePath} fill="none" stroke="#1a7f37" strokeWidth={2} data-testid="timeline-curve" />
            {chart.markers.map((m) => (
              <a
                key={m.id}
                href={`/runs/${runId}/diagnoses/${m.id}`}
                data-testid="diagnosis-marker"
                data-generation={m.generation}
                aria-label={`Diagnosis at generation ${m.generation} (${m.origin}): ${m.label}`}
              >
                <line x1={m.x} x2={m.x} y1={chart.plot.bottom} y2={m.y} stroke={COLOURS[m.origin]} strokeDasharray="3 3" />
                <circle cx={m.x} cy={m.y} r={7} fill={COLOURS[m.origin]} stroke="#fff" strokeWidth={1.5}>
                  <title>{`generation ${m.generation} · best so far ${formatScore(m.score)} · ${m.label}`}</title>
                </circle>
              </a>
            ))}
          </svg>
        )}
      </div>
      <Legend
        as="figcaption"
        items={[
          { key: 'best', label: `— the run's best so far${curvePending ? ' (being computed…)' : ''}`, color: '#1a7f37', shape: 'none' },
          { label: '● diagnosis imported with the run', color: COLOURS.imported, shape: 'none' },
          { label: '● diagnosis written by Evoscope', color: COLOURS.evoscope, shape: 'none' },
        ]}
      />
    </figure>
  );
}
