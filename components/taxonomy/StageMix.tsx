'use client';
// VISUALISE: the label mix over the run, one 100 % stacked bar per quarter of normalised iteration.
import { useMemo } from 'react';
import { EDIT_LABELS, LABEL_TITLES } from '@/lib/contracts/editLabels';
import type { TaxonomyStatsResponse } from '@/lib/contracts/api/taxonomySchemas';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { useElementWidth } from '../chart/useElementWidth';
import { formatCount, formatShare } from '../ui/format';
import { LABEL_COLOURS } from './labelColours';
import { prepareStages } from './layout';
import { Legend } from '../ui/Legend';

const HEIGHT = 260;

export function StageMix({ stats }: { stats: TaxonomyStatsResponse }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const chart = useMemo(() => (width > 0 ? prepareStages(stats, width, HEIGHT) : null), [stats, width]);
  return (
    <figure className="chart analysis-figure" data-testid="stage-mix" data-state={chart ? 'ready' : 'loading'}>
      <div ref={ref} style={{ minHeight: HEIGHT }}>
        {chart && (
          <svg width={chart.width} height={chart.height} role="img" aria-label="Label mix per stage of normalised iteration">
            <g aria-hidden="true" fontSize={11} fill="#62666d">
              {chart.yTicks.map((t) => (
                <g key={t.label}>
                  <line x1={chart.plot.left} x2={chart.plot.right} y1={t.pos} y2={t.pos} stroke="#ececec" />
                  <text x={chart.plot.left - 6} y={t.pos + 4} textAnchor="end">
                    {t.label}
                  </text>
                </g>
              ))}
            </g>
            {chart.bars.map((b) => (
              <g key={b.caption} data-testid="stage-bar">
                {b.segments.map((s) => (
                  <rect key={s.label} x={b.x} y={s.y} width={b.width} height={s.height} fill={LABEL_COLOURS[s.label]}>
                    <title>{`${b.caption} of the run: ${LABEL_TITLES[s.label]} ${formatCount(s.count)} of ${formatCount(b.assignments)} labels (${formatShare(s.share)})`}</title>
                  </rect>
                ))}
                {b.segments.length === 0 && (
                  <text x={b.x + b.width / 2} y={(chart.plot.top + chart.plot.bottom) / 2} textAnchor="middle" fontSize={11} fill="#9a9da3">
                    no edits
                  </text>
                )}
                <text x={b.x + b.width / 2} y={chart.plot.bottom + 15} textAnchor="middle" fontSize={11} fill="#62666d">
                  {b.caption}
                </text>
                <text x={b.x + b.width / 2} y={chart.plot.bottom + 29} textAnchor="middle" fontSize={10} fill="#9a9da3">
                  {formatCount(b.edits)} edits
                </text>
              </g>
            ))}
          </svg>
        )}
      </div>
      <figcaption>
        <Legend items={EDIT_LABELS.map((l) => ({ key: l, label: LABEL_TITLES[l], color: LABEL_COLOURS[l] }))} />
        <DefinitionNote>
          stage = the child&apos;s normalised position in the run (0 = first edit, 100 % = last), in four equal quarters; each bar is the stage&apos;s label
          assignments (an edit with two labels counts once for each), as shares.
        </DefinitionNote>
      </figcaption>
    </figure>
  );
}
