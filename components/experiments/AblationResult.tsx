'use client';
// A finished ablation (AblationReport): each hunk (and each function the edit touched) reverted
// on its own, its score, its contribution and verdict in colour and words, beside the edit's
// taxonomy labels; each hunk's header and lines can be opened.
import type { AblationReport } from '@/lib/contracts/interventionTypes';
import { isEditLabel } from '@/lib/contracts/editLabels';
import { LabelChips } from '../taxonomy/LabelChips';
import { formatScore } from '../ui/format';
import { VERDICT_COLOURS, VERDICT_TEXT } from './experimentLabels';
import { Table } from '../ui/Table';

export function AblationResult({ report }: { report: AblationReport }) {
  const labels = report.labels.filter(isEditLabel);
  return (
    <section data-testid="ablation-result" aria-label="Ablation result">
      <p className="row">
        <span>
          parent {formatScore(report.parentScore)} → child {formatScore(report.childScore)}
        </span>
        <span className="muted">neutral within ±{formatScore(report.tolerance)}</span>
        <span data-testid="ablation-labels">
          Edit types: <LabelChips labels={labels} empty="not judged" />
          {report.labelsJudge && <span className="muted"> ({report.labelsJudge})</span>}
        </span>
      </p>
      {report.parentReproduces === false && (
        <p className="alert" role="alert" data-testid="ablation-parent-warning">
          Re-evaluated here, the parent did not score its recorded score: the sandbox does not reproduce the recorded scores, so the
          contributions below (measured against the recorded child score) are suspect.
        </p>
      )}
      <Table
        label="Ablation variants"
        rows={report.variants}
        rowKey={(v) => v.idx}
        rowProps={(v) => ({ 'data-testid': 'ablation-row', 'data-verdict': v.verdict })}
        columns={[
          { key: 'reverted', header: 'reverted', rowHeader: true, cell: (v) => v.label },
          {
            key: 'lines',
            header: 'lines (parent → child)',
            className: 'muted',
            cell: (v) => `${v.parentLines ? `${v.parentLines[0]}–${v.parentLines[1]}` : '—'} → ${v.childLines ? `${v.childLines[0]}–${v.childLines[1]}` : '—'}`,
          },
          { key: 'score', header: 'score', numeric: true, cell: (v) => formatScore(v.score) },
          { key: 'contribution', header: 'contribution', numeric: true, cell: (v) => (v.contribution === null ? '—' : `${v.contribution > 0 ? '+' : ''}${formatScore(v.contribution)}`) },
          {
            key: 'verdict',
            header: 'verdict',
            cell: (v) => (
              <span className="label-chip" title={VERDICT_TEXT[v.verdict]} style={{ borderColor: VERDICT_COLOURS[v.verdict], color: VERDICT_COLOURS[v.verdict] }}>
                <span className="dot" aria-hidden="true" style={{ background: VERDICT_COLOURS[v.verdict] }} />
                {v.verdict}
              </span>
            ),
          },
          {
            key: 'change',
            header: 'change',
            className: 'wrap',
            cell: (v) => (
              <details>
                <summary className="mono" style={{ fontSize: '0.78rem' }}>{v.header.split('\n')[0]}</summary>
                <pre style={{ fontSize: '0.75rem' }}>{v.header}</pre>
              </details>
            ),
          },
        ]}
      />
      <p className="muted" style={{ fontSize: '0.78rem' }}>
        Contribution: the child&apos;s score minus the score with that part reverted (positive: reverting it loses score, so it carried gain).
      </p>
    </section>
  );
}
