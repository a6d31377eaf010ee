'use client';
// VISUALISE: which labels come together: the co-occurrence heatmap and the common compounds.
import { useMemo } from 'react';
import { LABEL_DEFINITIONS, LABEL_TITLES } from '@/lib/contracts/editLabels';
import type { TaxonomyStatsResponse } from '@/lib/contracts/api/taxonomySchemas';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { formatCount, formatShare } from '../ui/format';
import { LabelChips } from './LabelChips';
import { MATRIX_LABEL_ANGLE, prepareMatrix } from './layout';
import { Table } from '../ui/Table';

/** Compounds listed (multi-label sets, most frequent first). */
const COMPOUNDS_SHOWN = 10;

export function CooccurrenceMatrix({ stats }: { stats: TaxonomyStatsResponse }) {
  const m = useMemo(() => prepareMatrix(stats.cooccurrence), [stats.cooccurrence]);
  const compounds = stats.compounds.filter((c) => c.labels.length > 1).slice(0, COMPOUNDS_SHOWN);
  return (
    <div className="analysis-grid">
      <figure className="chart analysis-figure" data-testid="cooccurrence-matrix">
        {/* Scaled down to its column when narrower (two columns at 1024 px): never cut, never scrolled. */}
        <svg
          width={m.size}
          height={m.top + m.labels.length * m.cell + 4}
          viewBox={`0 0 ${m.size} ${m.top + m.labels.length * m.cell + 4}`}
          style={{ maxWidth: '100%', height: 'auto' }}
          role="img"
          aria-label="Label co-occurrence: edits carrying both labels"
        >
          {m.labels.map((l, i) => (
            <g key={l} fontSize={11} fill="#1c1d1f">
              <text x={m.left - 6} y={m.top + i * m.cell + m.cell / 2 + 4} textAnchor="end">
                <title>{LABEL_DEFINITIONS[l]}</title>
                {LABEL_TITLES[l]}
              </text>
              <text data-testid="matrix-column-label" transform={`translate(${m.left + i * m.cell + m.cell / 2 + 4} ${m.top - 6}) rotate(-${MATRIX_LABEL_ANGLE})`}>
                <title>{LABEL_DEFINITIONS[l]}</title>
                {LABEL_TITLES[l]}
              </text>
            </g>
          ))}
          {m.cells.map((c) => (
            <g key={`${c.row}/${c.col}`} data-testid="matrix-cell">
              <rect x={c.x} y={c.y} width={m.cell - 2} height={m.cell - 2} fill={c.fill}>
                <title>
                  {c.row === c.col
                    ? `${LABEL_TITLES[c.row]}: ${formatCount(c.count)} edits`
                    : `${LABEL_TITLES[c.row]} and ${LABEL_TITLES[c.col]}: ${formatCount(c.count)} edits`}
                </title>
              </rect>
              {c.count > 0 && (
                <text x={c.x + (m.cell - 2) / 2} y={c.y + m.cell / 2 + 3} textAnchor="middle" fontSize={10} fill={c.ink} pointerEvents="none">
                  {c.count >= 1000 ? `${Math.round(c.count / 100) / 10}k` : c.count}
                </text>
              )}
            </g>
          ))}
        </svg>
        <figcaption>
          <DefinitionNote>cell = edits carrying both labels (darker: more; square-root scale); the grey diagonal is each label&apos;s own count.</DefinitionNote>
        </figcaption>
      </figure>
      <div>
        <Table
          label="Common compounds"
          rows={compounds}
          rowKey={(c) => c.labels.join('+')}
          rowProps={() => ({ 'data-testid': 'compound-row' })}
          empty="No edit carries more than one label."
          columns={[
            { key: 'labels', header: 'Labels together', className: 'wrap', cell: (c) => <LabelChips labels={c.labels} /> },
            { key: 'edits', header: 'Edits', numeric: true, cell: (c) => formatCount(c.count) },
            { key: 'share', header: 'Share', numeric: true, cell: (c) => formatShare(stats.edits ? c.count / stats.edits : null) },
          ]}
        />
        <DefinitionNote>the most frequent exact label sets with two or more labels; share of all judged edits.</DefinitionNote>
      </div>
    </div>
  );
}
