'use client';
// A diagnosis's tables (DiagnosisFacts.tsx): the change log the agent was given and the trivial
// metric test of its aux metrics.
import type { DiagnosisReport } from '@/lib/trace/diagnosis';
import { formatScore } from '../ui/format';
import { Table } from '../ui/Table';

export function ChangeLog({ runId, entries }: { runId: string; entries: DiagnosisReport['changeLog'] }) {
  if (!entries.length) return <p className="muted" data-testid="change-log-empty">No change log: nothing was tried since the previous trigger, or the source did not record it.</p>;
  return (
    <Table
      label="Change log"
      tableProps={{ 'data-testid': 'change-log' }}
      rows={entries}
      rowKey={(e, i) => `${e.programId}-${i}`}
      keyboard
      columns={[
        {
          key: 'program',
          header: 'program',
          rowHeader: true,
          cell: (e) => (
            <a href={`/runs/${runId}/programs/${e.programId}`} className="mono">
              {e.externalId}
            </a>
          ),
        },
        { key: 'generation', header: 'generation', numeric: true, cell: (e) => e.generation ?? '—' },
        { key: 'types', header: 'edit types', cell: (e) => (e.editTypes.length ? e.editTypes.join(', ') : '—') },
        { key: 'delta', header: 'Δ score', numeric: true, cell: (e) => (e.delta === null ? '—' : `${e.delta > 0 ? '+' : ''}${formatScore(e.delta)}`) },
        { key: 'cycling', header: 'cycling', cell: (e) => (e.cycling ? <strong>re-adds deleted lines</strong> : 'no') },
        { key: 'summary', header: 'summary', className: 'wrap', cell: (e) => e.summary ?? '' },
      ]}
    />
  );
}

export function TrivialMetrics({ metrics, names }: { metrics: DiagnosisReport['trivialMetrics']; names: string[] }) {
  if (!metrics.length) {
    return <p className="muted">{names.length ? `Metrics ${names.join(', ')}: the trivial metric test runs once they have been computed over the run's programs.` : 'No auxiliary metrics.'}</p>;
  }
  return (
    <Table
      label="Trivial metric test"
      wrap={false}
      tableProps={{ 'data-testid': 'trivial-metrics' }}
      rows={metrics}
      rowKey={(m) => m.name}
      rowProps={(m) => ({ 'data-trivial': m.trivial })}
      columns={[
        { key: 'metric', header: 'metric', rowHeader: true, className: 'mono', cell: (m) => m.name },
        { key: 'rho', header: 'ρ with the score', numeric: true, cell: (m) => (m.rho === null ? '—' : m.rho.toFixed(2)) },
        { key: 'disagreements', header: 'disagreements', numeric: true, cell: (m) => m.disagreements },
        { key: 'n', header: 'programs', numeric: true, cell: (m) => m.n },
        {
          key: 'verdict',
          header: 'verdict',
          className: 'wrap',
          cell: (m) => (
            <>
              {m.trivial ? <strong className="error">trivial: adds no information</strong> : 'informative'} — {m.why}
            </>
          ),
        },
      ]}
    />
  );
}
