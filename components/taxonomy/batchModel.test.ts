import { describe, expect, it } from 'vitest';
import type { JudgeBatchResponse } from '@/lib/contracts/api/taxonomySchemas';
import { batchProgressText, formatUsd, latestBatch } from './batchModel';

const batch = (over: Partial<JudgeBatchResponse>): JudgeBatchResponse => ({
  id: 'b',
  runId: 'r',
  judge: 'llm:m@rubric-1',
  kind: 'llm',
  model: 'm',
  rubricVersion: 'rubric-1',
  status: 'running',
  total: 300,
  done: 120,
  cached: 40,
  notJudged: 2,
  budget: {},
  concurrency: 4,
  promptTokens: 50_000,
  completionTokens: 1_200,
  costUsd: 0.123,
  error: null,
  createdAt: '2026-11-24T21:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...over,
});

describe('judging batch progress', () => {
  it('says done of total, cached, not judged, tokens, cost and status', () => {
    expect(batchProgressText(batch({}))).toBe('120 of 300 edits · 40 cached · 2 not judged · 51,200 tokens · $0.12 · running');
    expect(batchProgressText(batch({ kind: 'offline', status: 'budget' }))).toBe('120 of 300 edits · 40 cached · 2 not judged · stopped at the budget cap');
  });
  it('picks the newest batch of a kind', () => {
    const a = batch({ id: 'a', createdAt: '2026-11-24T20:00:00.000Z' });
    const b = batch({ id: 'b', createdAt: '2026-11-24T22:00:00.000Z' });
    const c = batch({ id: 'c', kind: 'offline', createdAt: '2026-11-24T23:00:00.000Z' });
    expect(latestBatch([a, b, c], 'llm')?.id).toBe('b');
    expect(latestBatch([a, b, c], 'offline')?.id).toBe('c');
    expect(latestBatch([], 'llm')).toBeNull();
  });
  it('formats small costs', () => {
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(0.0042)).toBe('$0.0042');
    expect(formatUsd(3.456)).toBe('$3.46');
  });
});
