'use client';
// The run's search strategies, one row each (/runs/[runId]/strategies): a strategy's link opens
// its code below; the shown one is the current row.
import Link from 'next/link';
import { formatScore } from '../ui/format';
import { Table } from '../ui/Table';
import type { BarKind } from './strategyTimelineModel';
import { BAR_COLORS } from './StrategyTimeline';

export interface StrategyRow {
  iteration: number;
  kind: BarKind;
  activeFrom: number | null;
  activeTo: number | null;
  score: number | null;
  isNewBest: boolean | null;
  fallback: boolean | null;
  /** How many failed attempts it records; null: none recorded. */
  failedAttempts: number | null;
}

const yesNo = (v: boolean | null) => (v == null ? '—' : v ? 'yes' : 'no');

export function StrategiesTable({ runId, strategies, selected }: { runId: string; strategies: StrategyRow[]; selected: number | null }) {
  const href = (iteration: number) => `/runs/${runId}/strategies?strategy=${iteration}#strategy`;
  return (
    <Table
      label="Strategies"
      wrap={false}
      tableProps={{ 'data-testid': 'strategies-table', style: { width: 'auto' } }}
      rows={strategies}
      rowKey={(s) => s.iteration}
      rowProps={(s) => ({ 'aria-current': s.iteration === selected ? 'true' : undefined })}
      columns={[
        {
          key: 'strategy',
          header: 'Strategy',
          numeric: true,
          cell: (s) => (
            <Link href={href(s.iteration)}>
              <span style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 2, marginRight: 6, background: BAR_COLORS[s.kind] }} />
              {s.iteration}
            </Link>
          ),
        },
        { key: 'active', header: 'Active over solution iterations', cell: (s) => (s.activeFrom == null ? '—' : `${s.activeFrom}–${s.activeTo ?? '…'}`) },
        { key: 'score', header: 'Score', numeric: true, cell: (s) => formatScore(s.score) },
        { key: 'best', header: 'New best', cell: (s) => yesNo(s.isNewBest) },
        { key: 'fallback', header: 'Fallback', cell: (s) => yesNo(s.fallback) },
        { key: 'failed', header: 'Failed attempts', numeric: true, cell: (s) => s.failedAttempts ?? '—' },
      ]}
    />
  );
}
