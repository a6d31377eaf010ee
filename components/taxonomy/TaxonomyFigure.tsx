'use client';
// VISUALISE: the paper's Figure 4, two panels sharing one row per label (sorted by odds ratio):
// (a) prevalence bars, (b) odds ratios for a positive normalised score change with their 95 %
// intervals on a log axis and a reference line at 1. A label (its name, bar or point) is a
// button: it selects the label and lists its edits. Table 9's definition shows on hover.
import { useMemo } from 'react';
import { LABEL_DEFINITIONS, type EditLabel } from '@/lib/contracts/editLabels';
import type { TaxonomyStatsResponse } from '@/lib/contracts/api/taxonomySchemas';
import { useElementWidth } from '../chart/useElementWidth';
import { formatCount, formatScore, formatShare } from '../ui/format';
import { LABEL_COLOURS, OR_ABOVE_COLOUR, OR_BELOW_COLOUR, REFERENCE_COLOUR, UNUSED_COLOUR } from './labelColours';
import { prepareFigure, type FigureRow } from './layout';

export function describeRow(r: FigureRow): string {
  const s = r.stats;
  const or =
    s.oddsRatio === null
      ? 'no odds ratio (no scored edit)'
      : r.odds?.unused
        ? `no scored edit carries it (the corrected odds ratio ${formatScore(s.oddsRatio)} is an artefact of the +0.5)`
        : `odds ratio ${formatScore(s.oddsRatio)} [${formatScore(s.ciLow)}, ${formatScore(s.ciHigh)}]`;
  return `${r.title}: ${formatCount(s.count)} edits (${formatShare(s.prevalence)}), ${or}, positive rate ${formatShare(s.positiveRate)}. ${LABEL_DEFINITIONS[r.label]}`;
}

export function TaxonomyFigure({
  stats,
  selected,
  onSelect,
  testId = 'taxonomy-figure',
}: {
  stats: TaxonomyStatsResponse;
  selected: EditLabel | null;
  /** Absent: the labels are not clickable (the pooled figure of the compare page). */
  onSelect?: (label: EditLabel) => void;
  testId?: string;
}) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const fig = useMemo(() => (width > 0 ? prepareFigure(stats, width) : null), [stats, width]);
  const a = fig?.prevalence.plot;
  const b = fig?.odds.plot;
  return (
    <figure className="chart analysis-figure" data-testid={testId} data-state={fig ? 'ready' : 'loading'}>
      <div ref={ref} style={{ minHeight: 22 + stats.labels.length * 26 + 38 }}>
        {fig && a && b && (
          <svg width={fig.width} height={fig.height} role="group" aria-label="Edit types: prevalence and odds ratio for a positive score change">
            <text x={a.left} y={12} fontSize={12} fontWeight={600} fill="#1c1d1f">
              (a) prevalence
            </text>
            <text x={b.left} y={12} fontSize={12} fontWeight={600} fill="#1c1d1f">
              (b) odds ratio, positive Δ score (95 % CI, log axis)
            </text>
            {/* axes */}
            <g aria-hidden="true" fontSize={11} fill="#62666d">
              {fig.prevalence.ticks.map((t) => (
                <g key={`a${t.label}`}>
                  <line x1={t.pos} x2={t.pos} y1={a.top} y2={a.bottom} stroke="#ececec" />
                  <text x={t.pos} y={a.bottom + 16} textAnchor="middle">
                    {t.label}
                  </text>
                </g>
              ))}
              {fig.odds.ticks.map((t) => (
                <g key={`b${t.label}`}>
                  <line x1={t.pos} x2={t.pos} y1={b.top} y2={b.bottom} stroke="#ececec" />
                  <text x={t.pos} y={b.bottom + 16} textAnchor="middle">
                    {t.label}
                  </text>
                </g>
              ))}
              <line x1={a.left} x2={a.right} y1={a.bottom} y2={a.bottom} stroke="#9a9da3" />
              <line x1={b.left} x2={b.right} y1={b.bottom} y2={b.bottom} stroke="#9a9da3" />
              <line x1={a.left} x2={a.left} y1={a.top} y2={a.bottom} stroke="#9a9da3" />
              <text x={(a.left + a.right) / 2} y={fig.height - 4} textAnchor="middle" fontSize={12}>
                share of edits carrying the label
              </text>
              <text x={(b.left + b.right) / 2} y={fig.height - 4} textAnchor="middle" fontSize={12}>
                odds ratio (1 = no association)
              </text>
            </g>
            <line
              data-testid="odds-reference"
              x1={fig.odds.reference}
              x2={fig.odds.reference}
              y1={b.top - 4}
              y2={b.bottom}
              stroke={REFERENCE_COLOUR}
              strokeDasharray="4 3"
            />
            {fig.rows.map((r) => {
              const isSel = selected === r.label;
              const colour = r.odds?.unused ? UNUSED_COLOUR : r.odds?.above ? OR_ABOVE_COLOUR : OR_BELOW_COLOUR;
              const pick = onSelect ? () => onSelect(r.label) : undefined;
              return (
                <g
                  key={r.label}
                  data-testid="figure-row"
                  data-label={r.label}
                  role={pick ? 'button' : 'img'}
                  tabIndex={pick ? 0 : undefined}
                  aria-pressed={pick ? isSel : undefined}
                  aria-label={describeRow(r)}
                  className="taxonomy-row"
                  style={{ cursor: pick ? 'pointer' : undefined }}
                  onClick={pick}
                  onKeyDown={(e) => {
                    if (pick && (e.key === 'Enter' || e.key === ' ')) {
                      e.preventDefault();
                      pick();
                    }
                  }}
                >
                  <title>{describeRow(r)}</title>
                  <rect className="row-bg" x={0} y={r.y - fig.rowHeight / 2} width={fig.width} height={fig.rowHeight} fill={isSel ? '#eef3fb' : 'transparent'} />
                  <text x={fig.labelRight} y={r.y + 4} textAnchor="end" fontSize={12} fill="#1c1d1f" fontWeight={isSel ? 600 : 400}>
                    {r.title}
                  </text>
                  <rect data-testid="prevalence-bar" x={r.bar.x} y={r.y - 7} width={r.bar.width} height={14} fill={LABEL_COLOURS[r.label]} />
                  <text x={r.bar.x + r.bar.width + 4} y={r.y + 4} fontSize={11} fill="#62666d">
                    {formatShare(r.stats.prevalence)}
                  </text>
                  {r.odds ? (
                    <g data-testid="odds-point" data-or={r.stats.oddsRatio ?? undefined} data-unused={r.odds.unused ? 'true' : undefined} strokeDasharray={r.odds.unused ? '3 2' : undefined}>
                      <line x1={r.odds.lo} x2={r.odds.hi} y1={r.y} y2={r.y} stroke={colour} strokeWidth={1.5} />
                      <line x1={r.odds.lo} x2={r.odds.lo} y1={r.y - 5} y2={r.y + 5} stroke={colour} strokeWidth={1.5} />
                      <line x1={r.odds.hi} x2={r.odds.hi} y1={r.y - 5} y2={r.y + 5} stroke={colour} strokeWidth={1.5} />
                      <circle cx={r.odds.x} cy={r.y} r={4.5} fill={r.odds.unused ? 'white' : colour} stroke={colour} strokeWidth={1.5} />
                    </g>
                  ) : (
                    <text x={b.left + 4} y={r.y + 4} fontSize={11} fill="#9a9da3">
                      no scored edit
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        )}
      </div>
    </figure>
  );
}
