// PREPARE for the judging controls: which batch to show and what its progress line says. Pure.
import type { JudgeBatchResponse, JudgeBatchStatus } from '@/lib/contracts/api/taxonomySchemas';
import { formatCount } from '../ui/format';

export const ACTIVE_BATCH: ReadonlySet<JudgeBatchStatus> = new Set(['queued', 'running']);
/** A batch that stopped before its end: it can be resumed (its judged edits are kept). */
export const RESUMABLE_BATCH: ReadonlySet<JudgeBatchStatus> = new Set(['cancelled', 'budget', 'failed']);

/** The newest batch of a kind (batches in any order; by createdAt). */
export function latestBatch(batches: readonly JudgeBatchResponse[], kind: 'offline' | 'llm'): JudgeBatchResponse | null {
  let best: JudgeBatchResponse | null = null;
  for (const b of batches) if (b.kind === kind && (!best || b.createdAt > best.createdAt)) best = b;
  return best;
}

const STATUS_TEXT: Record<JudgeBatchStatus, string> = {
  queued: 'queued',
  running: 'running',
  done: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
  budget: 'stopped at the budget cap',
};

export function formatUsd(v: number): string {
  return v === 0 ? '$0' : v < 0.01 ? `$${v.toPrecision(2)}` : `$${v.toFixed(2)}`;
}

/** "120 of 300 edits · 40 cached · 2 not judged · 51,200 tokens · $0.12 · running" */
export function batchProgressText(b: JudgeBatchResponse): string {
  const parts = [`${formatCount(b.done)} of ${formatCount(b.total)} edits`, `${formatCount(b.cached)} cached`, `${formatCount(b.notJudged)} not judged`];
  if (b.kind === 'llm') parts.push(`${formatCount(b.promptTokens + b.completionTokens)} tokens`, formatUsd(b.costUsd));
  parts.push(STATUS_TEXT[b.status]);
  return parts.join(' · ');
}
