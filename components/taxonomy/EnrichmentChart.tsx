'use client';
// VISUALISE: enrichment per label among best-so-far updates and along the final best's lineage
// (share there / share among all edits), with the base rate (1) as a line.
import { useMemo } from 'react';
import type { EditLabel } from '@/lib/contracts/editLabels';
import type { TaxonomyStatsResponse } from '@/lib/contracts/api/taxonomySchemas';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { useElementWidth } from '../chart/useElementWidth';
import { formatCount, formatScore } from '../ui/format';
import { ENRICHMENT_COLOURS, REFERENCE_COLOUR } from './labelColours';
import { prepareEnrichment } from './layout';
import { Legend } from '../ui/Legend';

const fmt = (v: number | null) => (v === null ? 'undefined' : `×${formatScore(Number(v.toFixed(2)))}`);

export function EnrichmentChart({ stats, order }: { stats: TaxonomyStatsResponse; order: readonly EditLabel[] }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const chart = useMemo(() => (width > 0 ? prepareEnrichment(stats, width, order) : null), [stats, width, order]);
  const bh = chart?.barHeight ?? 10;
  return (
    <figure className="chart analysis-figure" data-testid="enrichment-chart" data-state={chart ? 'ready' : 'loading'}>
      <div ref={ref} style={{ minHeight: 22 + order.length * 30 + 38 }}>
        {chart && (
          <svg width={chart.width} height={chart.height} role="img" aria-label="Enrichment of each label among best-so-far updates and along the final best's lineage">
            <g aria-hidden="true" fontSize={11} fill="#62666d">
              {chart.ticks.map((t) => (
                <g key={t.label}>
                  <line x1={t.pos} x2={t.pos} y1={chart.plot.top} y2={chart.plot.bottom} stroke="#ececec" />
                  <text x={t.pos} y={chart.plot.bottom + 16} textAnchor="middle">
                    {t.label}
                  </text>
                </g>
              ))}
              <line x1={chart.plot.left} x2={chart.plot.right} y1={chart.plot.bottom} y2={chart.plot.bottom} stroke="#9a9da3" />
              <text x={(chart.plot.left + chart.plot.right) / 2} y={chart.height - 4} textAnchor="middle" fontSize={12}>
                enrichment (share there / share among all edits)
              </text>
            </g>
            {chart.rows.map((r) => (
              <g key={r.label} data-testid="enrichment-row" data-label={r.label}>
                <text x={chart.plot.left - 8} y={r.y + 4} textAnchor="end" fontSize={12} fill="#1c1d1f">
                  {r.title}
                </text>
                <rect x={chart.plot.left} y={r.y - bh - 1} width={r.bestSoFar.width} height={bh} fill={ENRICHMENT_COLOURS.bestSoFar}>
                  <title>{`${r.title} among best-so-far updates: ${fmt(r.bestSoFar.value)}`}</title>
                </rect>
                <rect x={chart.plot.left} y={r.y + 1} width={r.finalLineage.width} height={bh} fill={ENRICHMENT_COLOURS.finalLineage}>
                  <title>{`${r.title} along the final best's lineage: ${fmt(r.finalLineage.value)}`}</title>
                </rect>
              </g>
            ))}
            <line x1={chart.reference} x2={chart.reference} y1={chart.plot.top - 4} y2={chart.plot.bottom} stroke={REFERENCE_COLOUR} strokeDasharray="4 3" />
            <text x={chart.reference + 3} y={chart.plot.top - 8} fontSize={11} fill={REFERENCE_COLOUR}>
              1 = base rate
            </text>
          </svg>
        )}
      </div>
      <figcaption>
        <Legend
          items={[
            { key: 'best', label: `best-so-far updates (${formatCount(stats.bestSoFarEdits)} edits)`, color: ENRICHMENT_COLOURS.bestSoFar },
            { key: 'lineage', label: `final best's lineage (${formatCount(stats.finalLineageEdits)} edits)`, color: ENRICHMENT_COLOURS.finalLineage },
          ]}
        />
        <DefinitionNote>
          a label&apos;s share among the edits that strictly improved the run&apos;s best so far (or that lie on the final best program&apos;s lineage, the final best
          included), divided by its share among all judged edits. Above 1: the label is over-represented there. No bar: undefined (no such edit).
        </DefinitionNote>
      </figcaption>
    </figure>
  );
}
