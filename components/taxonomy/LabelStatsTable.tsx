'use client';
// The figure's numbers as a table (figure order): counts, prevalence, positive rate, odds ratio
// with its interval and Fisher's p, enrichments. A label's name selects it (lists its edits).
import { LABEL_DEFINITIONS, LABEL_TITLES, type EditLabel } from '@/lib/contracts/editLabels';
import type { LabelStatsResponse } from './types';
import { formatCount, formatScore, formatShare } from '../ui/format';
import { LABEL_COLOURS } from './labelColours';
import { carriedByNoScoredEdit } from './layout';

const num = (v: number | null, digits = 3) => (v === null ? '—' : formatScore(Number(v.toPrecision(digits))));

export function LabelStatsTable({ rows, selected, onSelect }: { rows: LabelStatsResponse[]; selected: EditLabel | null; onSelect?: (l: EditLabel) => void }) {
  return (
    <div className="table-wrap">
      <table className="data" aria-label="Label figures">
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col" className="num">Edits</th>
            <th scope="col" className="num">Prevalence</th>
            <th scope="col" className="num">Positive rate</th>
            <th scope="col" className="num">Odds ratio [95 % CI]</th>
            <th scope="col" className="num">Fisher p</th>
            <th scope="col" className="num" title="share among best-so-far updates / share among all edits">Best-so-far enrichment</th>
            <th scope="col" className="num" title="share along the final best's lineage / share among all edits">Final-lineage enrichment</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.label} data-testid="label-stats-row" data-label={s.label} aria-selected={selected === s.label}>
              <td title={LABEL_DEFINITIONS[s.label]}>
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
              </td>
              <td className="num">{formatCount(s.count)}</td>
              <td className="num">{formatShare(s.prevalence)}</td>
              <td className="num">{formatShare(s.positiveRate)}</td>
              <OddsCell s={s} />
              <td className="num">{num(s.fisherP, 2)}</td>
              <td className="num">{num(s.enrichmentBestSoFar)}</td>
              <td className="num">{num(s.enrichmentFinalLineage)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The odds ratio with its interval; said to be an artefact when no scored edit carries the label. */
function OddsCell({ s }: { s: LabelStatsResponse }) {
  if (s.oddsRatio === null) return <td className="num">—</td>;
  const unused = carriedByNoScoredEdit(s);
  return (
    <td className="num" title={unused ? 'No scored edit carries this label: its corrected odds ratio is an artefact of the +0.5' : undefined}>
      {`${num(s.oddsRatio)} [${num(s.ciLow)}, ${num(s.ciHigh)}]${unused ? ' (no edit)' : ''}`}
    </td>
  );
}
