// GET /api/runs/[runId]/plateaus on constructed runs with hand-worked numbers: the budget inside
// each plateau from the stored prompts, K from the query, lower-is-better runs, a metric other
// than the score, a Shinka-like generation axis, and bad input.
import crypto from 'node:crypto';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET } from '../../app/api/runs/[runId]/plateaus/route';
import { storeImportedRun } from '../../lib/db/importRun';
import type { ImportedRun, ProgramRecord } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const tag = crypto.randomUUID().slice(0, 8);

async function plateaus(runId: string, query = '') {
  const res = await GET(new NextRequest(`http://${host}/api/runs/${runId}/plateaus${query}`, { headers: { host } }), { params: Promise.resolve({ runId }) });
  return { status: res.status, body: await res.json() };
}

// Iterations 0..11 (no generation). Scores: 1 | 0.5, 1 (tie), invalid, 0.9, 1 | 2 | 2 (tie), 1, 1, 1, 1.
// Higher is better: improvements at 0 and 6; plateaus 1..5 (5 programs) and 7..11 (open, 5).
// Prompt i costs 0.01 * (i + 1) and has 100 prompt + 10 * i completion tokens; program 9 has none.
// Plateau 1: cost 0.02+0.03+0.04+0.05+0.06 = 0.20, tokens 5*100 + 10*(1+2+3+4+5) = 650.
// Plateau 2: cost 0.08+0.09+0.11+0.12 = 0.40, tokens 4*100 + 10*(7+8+10+11) = 760.
// metric "size": 10 - i, never improves upward after 0 (higher is better): one open plateau 1..11.
const scores: (number | null)[] = [1, 0.5, 1, null, 0.9, 1, 2, 2, 1, 1, 1, 1];
function small(higherIsBetter: boolean): ImportedRun {
  return {
    run: { name: `plateaus-${tag}`, framework: 'custom', scoreMetric: 'score', higherIsBetter },
    warnings: [],
    stats: {},
    programs: scores.map((score, i): ProgramRecord => ({
      externalId: `p${i}`, code: `def f():\n  return ${i}\n`, iteration: i, valid: score !== null, score,
      metrics: score === null ? { size: 10 - i } : { score, size: 10 - i },
      contexts: i === 9 ? [] : [{ kind: 'prompt', user: `prompt ${i}`, response: 'x', cost: 0.01 * (i + 1), promptTokens: 100, completionTokens: 10 * i }],
    })),
  };
}

describe('GET /api/runs/[runId]/plateaus', () => {
  it('a constructed run: plateaus with their budget, K from the query', async () => {
    const { runId } = await storeImportedRun(small(true));
    runIds.push(runId);
    const { status, body } = await plateaus(runId);
    expect(status).toBe(200);
    expect(body).toMatchObject({ k: 5, metric: 'score', axis: 'iteration', higherIsBetter: true, costBasis: 'contexts', totals: { programs: 12, tokens: 11 * 100 + 10 * (66 - 9) } });
    expect(body.totals.cost).toBeCloseTo(0.78 - 0.1, 12);
    expect(body.plateaus).toEqual([
      { startGeneration: 1, endGeneration: 5, length: 5, bestScore: 1, programs: 5, cost: expect.closeTo(0.2, 12), tokens: 650, open: false, firstIteration: 1, lastIteration: 5 },
      { startGeneration: 7, endGeneration: 11, length: 5, bestScore: 2, programs: 5, cost: expect.closeTo(0.4, 12), tokens: 760, open: true, firstIteration: 7, lastIteration: 11 },
    ]);
    expect((await plateaus(runId, '?k=6')).body.plateaus).toEqual([]);
    expect((await plateaus(runId, '?k=1')).body.plateaus).toHaveLength(2);
    const size = await plateaus(runId, '?metric=size&k=11');
    expect(size.body.plateaus.map((p: { startGeneration: number; endGeneration: number; bestScore: number; open: boolean }) => [p.startGeneration, p.endGeneration, p.bestScore, p.open])).toEqual([[1, 11, 10, true]]);
  });

  it('lower is better: 0.5 at iteration 1 is never beaten, one open plateau of 10', async () => {
    const { runId } = await storeImportedRun(small(false));
    runIds.push(runId);
    const { body } = await plateaus(runId, '?k=10');
    expect(body.plateaus).toEqual([
      { startGeneration: 2, endGeneration: 11, length: 10, bestScore: 0.5, programs: 10, cost: expect.closeTo(0.65, 12), tokens: 9 * 100 + 10 * (2 + 3 + 4 + 5 + 6 + 7 + 8 + 10 + 11), open: true, firstIteration: 2, lastIteration: 11 },
    ]);
  });

  it('a Shinka-like run: generation is the axis, gaps count, no prompts means no cost', async () => {
    const gens = [0, 1, 2, 8, 9];
    const { runId } = await storeImportedRun({
      run: { name: `plateaus-gen-${tag}`, framework: 'custom', scoreMetric: 'score' },
      warnings: [],
      stats: {},
      programs: gens.map((g, i) => ({ externalId: `gen_${g}`, code: `x = ${g}\n`, iteration: i, generation: g, valid: true, score: [1, 2, 2, 2, 3][i], metrics: {} })),
    });
    runIds.push(runId);
    const { body } = await plateaus(runId);
    expect(body.axis).toBe('generation');
    // Improvements at generations 0, 1 and 9: the stretch 2..8 has length 7 and two programs.
    expect(body.plateaus).toEqual([
      { startGeneration: 2, endGeneration: 8, length: 7, bestScore: 2, programs: 2, cost: null, tokens: null, open: false, firstIteration: 2, lastIteration: 3 },
    ]);
    expect(body.totals.cost).toBeNull();
    expect(body.costBasis).toBeNull();
  });

  it('cost only in the search counters: each program takes its step of the cumulative curve', async () => {
    // Samples $0.10 at iteration 0 and $1.20 at 11: $0.10 more per iteration. Plateaus 1..5 and
    // 7..11 each cost 5 x $0.10; tokens come from prompts only (none here).
    const base = small(true);
    const { runId } = await storeImportedRun({
      ...base,
      run: { ...base.run, name: `plateaus-counters-${tag}` },
      programs: base.programs.map((p) => ({ ...p, contexts: [] })),
      searchState: { counters: [{ at: { iteration: 0 }, values: { cumulative_cost: 0.1 } }, { at: { iteration: 11 }, values: { cumulative_cost: 1.2 } }] },
    });
    runIds.push(runId);
    const { body } = await plateaus(runId);
    expect(body.costBasis).toBe('counters');
    expect(body.totals.cost).toBeCloseTo(1.2, 12);
    expect(body.plateaus.map((p: { cost: number; tokens: number | null }) => [p.cost, p.tokens])).toEqual([
      [expect.closeTo(0.5, 12), null],
      [expect.closeTo(0.5, 12), null],
    ]);
  });

  it('bad input names the field; an unknown run is 404', async () => {
    const { runId } = await storeImportedRun(small(true));
    runIds.push(runId);
    for (const q of ['?k=0', '?k=abc', '?k=2.5', '?k=1001']) {
      const r = await plateaus(runId, q);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/k must/);
    }
    expect((await plateaus(runId, '?metric=nope')).status).toBe(400);
    expect((await plateaus(crypto.randomUUID())).status).toBe(404);
  });
});
