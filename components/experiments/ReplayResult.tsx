'use client';
// A finished replay (ReplayReport, Table 3): per variant the four figures, the ratio
// distribution and the outcome classes of EvoReplay.
import type { ReplayReport } from '@/lib/contracts/interventionTypes';
import { formatScore, formatShare } from '../ui/format';
import { OUTCOME_ORDER, OUTCOME_TEXT } from './experimentLabels';
import { RatioStrip } from './RatioStrip';

export function ReplayResult({ report }: { report: ReplayReport }) {
  return (
    <section data-testid="replay-result" aria-label="Replay result">
      <p className="muted">
        Model {report.model} · {report.framework} reply format · original {formatScore(report.originalScore)} · parent {formatScore(report.parentScore)}
      </p>
      <div className="table-wrap">
        <table className="data" aria-label="Replay figures per variant">
          <thead>
            <tr>
              <th scope="col">variant</th>
              <th scope="col" className="num">trials</th>
              <th scope="col" className="num">parse success</th>
              <th scope="col" className="num">eval success</th>
              <th scope="col" className="num">exact match</th>
              <th scope="col" className="num">normalised match</th>
              <th scope="col" className="num">score ratio</th>
              {OUTCOME_ORDER.map((o) => (
                <th key={o} scope="col" className="num" title={OUTCOME_TEXT[o]}>
                  {o}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.variants.map((v) => (
              <tr key={v.variant} data-testid="replay-variant">
                <th scope="row" className="mono">{v.variant}</th>
                <td className="num">{v.trials}</td>
                <td className="num">{formatShare(v.parseSuccess)}</td>
                <td className="num">{formatShare(v.evalSuccess)}</td>
                <td className="num">{formatShare(v.exactMatch)}</td>
                <td className="num">{formatShare(v.normalisedMatch)}</td>
                <td className="num">{formatScore(v.scoreRatio)}</td>
                {OUTCOME_ORDER.map((o) => (
                  <td key={o} className="num">{v.outcomes[o] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {report.notes && report.notes.length > 0 && (
        <ul className="muted" style={{ fontSize: '0.82rem' }} data-testid="replay-notes">
          {report.notes.map((n) => (
            <li key={n.variant}>
              <span className="mono">{n.variant}</span>: {n.note}
              {!n.changed && ' (the prompt was sent as stored)'}
            </li>
          ))}
        </ul>
      )}
      <RatioStrip inputs={report.variants.map((v) => ({ label: v.variant, ratios: v.ratios, trials: v.trials }))} />
      <p className="muted" style={{ fontSize: '0.78rem' }}>
        Score ratio: mean replayed score over the trials with a score, divided by the original. Outcomes: {OUTCOME_ORDER.map((o) => `${o} = ${OUTCOME_TEXT[o]}`).join('; ')}.
      </p>
    </section>
  );
}
