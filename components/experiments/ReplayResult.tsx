'use client';
// A finished replay (ReplayReport, Table 3): per variant the four figures, the ratio
// distribution and the outcome classes of EvoReplay.
import type { ReplayReport } from '@/lib/contracts/interventionTypes';
import { formatScore, formatShare } from '../ui/format';
import { OUTCOME_ORDER, OUTCOME_TEXT } from './experimentLabels';
import { RatioStrip } from './RatioStrip';
import { Table, type Column } from '../ui/Table';

export function ReplayResult({ report }: { report: ReplayReport }) {
  return (
    <section data-testid="replay-result" aria-label="Replay result">
      <p className="muted">
        Model {report.model} · {report.framework} reply format · original {formatScore(report.originalScore)} · parent {formatScore(report.parentScore)}
      </p>
      <Table
        label="Replay figures per variant"
        rows={report.variants}
        rowKey={(v) => v.variant}
        rowProps={() => ({ 'data-testid': 'replay-variant' })}
        columns={[
          { key: 'variant', header: 'variant', rowHeader: true, className: 'mono', cell: (v) => v.variant },
          { key: 'trials', header: 'trials', numeric: true, cell: (v) => v.trials },
          { key: 'parse', header: 'parse success', numeric: true, cell: (v) => formatShare(v.parseSuccess) },
          { key: 'eval', header: 'eval success', numeric: true, cell: (v) => formatShare(v.evalSuccess) },
          { key: 'exact', header: 'exact match', numeric: true, cell: (v) => formatShare(v.exactMatch) },
          { key: 'normalised', header: 'normalised match', numeric: true, cell: (v) => formatShare(v.normalisedMatch) },
          { key: 'ratio', header: 'score ratio', numeric: true, cell: (v) => formatScore(v.scoreRatio) },
          ...OUTCOME_ORDER.map(
            (o): Column<ReplayReport['variants'][number]> => ({ key: `outcome-${o}`, header: o, numeric: true, th: { title: OUTCOME_TEXT[o] }, cell: (v) => v.outcomes[o] ?? 0 }),
          ),
        ]}
      />
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
