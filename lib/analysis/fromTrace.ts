// Trace records (what importers yield) -> AnalysisProgram[], with seq from the canonical order.
// For the CLI and tests; the worker builds AnalysisProgram from stored rows instead.
import { canonicalOrder } from '../trace/order';
import type { ProgramRecord } from '../trace/schema';
import type { AnalysisProgram } from '../contracts/analysisTypes';

/** The primary metric as EvoReplay reads it: `combined_score` when it is a number (a bool counts as 0/1), else null. */
export function evoreplayRawScore(metrics: Record<string, unknown> | undefined): number | null {
  const v = metrics?.combined_score;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return Number(v);
  return null;
}

/** AnalysisPrograms of one run's program records, seq assigned by lib/trace/order.ts. */
export function analysisProgramsFromRecords(records: readonly ProgramRecord[]): AnalysisProgram[] {
  return canonicalOrder(records).map(({ item: p }, seq) => ({
    id: p.externalId,
    parentIds: (p.parents ?? []).map((r) => r.externalId),
    iteration: p.iteration ?? null,
    timestamp: p.timestamp ?? null,
    seq,
    code: p.code,
    valid: p.valid,
    score: p.score ?? null,
    language: p.language ?? null,
    rawScore: evoreplayRawScore(p.metrics),
  }));
}
