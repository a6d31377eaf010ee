'use client';
// The figure's numbers as a table (figure order): counts, prevalence, positive rate, odds ratio
// with its interval and Fisher's p (said to be an artefact when no scored edit carries the label),
// enrichments. A label's name selects it (lists its edits).
import { LABEL_DEFINITIONS, LABEL_TITLES, type EditLabel } from '@/lib/contracts/editLabels';
import type { LabelStatsResponse } from './types';
import { formatCount, formatScore, formatShare } from '../ui/format';
import { LABEL_COLOURS } from './labelColours';
import { carriedByNoScoredEdit } from './layout';
import { Table } from '../ui/Table';

const num = (v: number | null, digits = 3) => (v === null ? '—' : formatScore(Number(v.toPrecision(digits))));

export function LabelStatsTable({ rows, selected, onSelect }: { rows: LabelStatsResponse[]; selected: EditLabel | null; onSelect?: (l: EditLabel) => void }) {
  return (
    <Table
      label="Label figures"
      rows={rows}
      rowKey={(s) => s.label}
      rowProps={(s) => ({ 'data-testid': 'label-stats-row', 'data-label': s.label, 'aria-selected': selected === s.label })}
      columns={[
        {
          key: 'label',
          header: 'Label',
          td: (s) => ({ title: LABEL_DEFINITIONS[s.label] }),
          cell: (s) => (
            <span className="label-chip" style={{ border: 0, padding: 0, background: 'none' }}>
              <span className="dot" style={{ background: LABEL_COLOURS[s.label] }} aria-hidden="true" />
              {onSelect ? (
                <button type="button" className="link-button" onClick={() => onSelect(s.label)} aria-pressed={selected === s.label}>
                  {LABEL_TITLES[s.label]}
                </button>
              ) : (
                LABEL_TITLES[s.label]
              )}
            </span>
          ),
        },
        { key: 'edits', header: 'Edits', numeric: true, cell: (s) => formatCount(s.count) },
        { key: 'prevalence', header: 'Prevalence', numeric: true, cell: (s) => formatShare(s.prevalence) },
        { key: 'positive', header: 'Positive rate', numeric: true, cell: (s) => formatShare(s.positiveRate) },
        {
          key: 'odds',
          header: 'Odds ratio [95 % CI]',
          numeric: true,
          td: (s) => ({ title: s.oddsRatio !== null && carriedByNoScoredEdit(s) ? 'No scored edit carries this label: its corrected odds ratio is an artefact of the +0.5' : undefined }),
          cell: (s) => (s.oddsRatio === null ? '—' : `${num(s.oddsRatio)} [${num(s.ciLow)}, ${num(s.ciHigh)}]${carriedByNoScoredEdit(s) ? ' (no edit)' : ''}`),
        },
        { key: 'fisher', header: 'Fisher p', numeric: true, cell: (s) => num(s.fisherP, 2) },
        { key: 'bsf', header: 'Best-so-far enrichment', numeric: true, th: { title: 'share among best-so-far updates / share among all edits' }, cell: (s) => num(s.enrichmentBestSoFar) },
        {
          key: 'lineage',
          header: 'Final-lineage enrichment',
          numeric: true,
          th: { title: "share along the final best's lineage / share among all edits" },
          cell: (s) => num(s.enrichmentFinalLineage),
        },
      ]}
    />
  );
}
