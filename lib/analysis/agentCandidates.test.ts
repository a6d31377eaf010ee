import { describe, expect, it } from 'vitest';
import { compareAgentCandidates, type CandidateProgram } from './agentCandidates';

// [seq, generation, score|null(invalid), parent seq|null, agent?]
type Row = [number, number, number | null, number | null, boolean?];
function programs(rows: Row[]): CandidateProgram[] {
  const bySeq = new Map(rows.map((r) => [r[0], r]));
  return rows.map(([seq, g, score, parent, agent]) => {
    const pr = parent == null ? null : bySeq.get(parent)!;
    return {
      id: `id${seq}`, externalId: `p${seq}`, seq, generation: g, score: score ?? -1000, valid: score != null,
      hasParent: pr != null, parentScore: pr ? (pr[2] ?? -1000) : null, parentValid: pr ? pr[2] != null : false, agentCandidate: !!agent,
    };
  });
}

describe('compareAgentCandidates', () => {
  // Hand-worked: best-so-far runs 10, 12, 12, 15, 15, 15, 16, 16, 18.
  const rows: Row[] = [
    [0, 0, 10, null],
    [1, 1, 12, 0],
    [2, 2, 11, 1],
    [3, 3, 15, 1, true], // agent: +3 over parent 12, +3 over best 12, new best
    [4, 3, 14, 3], // -1 / -1
    [5, 4, null, 3], // invalid
    [6, 5, 16, 4], // +2 over 14, +1 over 15, new best
    [7, 6, 13, 3, true], // agent: -2 over 15, -3 over 16
    [8, 7, 18, 6], // +2 / +2, new best
    [9, 8, 20, 8], // window [8, ...) has no candidate: not compared
  ];

  it('compares candidates with mutation children of the trigger windows that hold candidates', () => {
    const r = compareAgentCandidates(programs(rows), [3, 5, 8], true);
    expect(r.periods).toEqual([
      { startGeneration: 3, endGeneration: 4, agent: 1, mutation: 2 },
      { startGeneration: 5, endGeneration: 7, agent: 1, mutation: 2 },
    ]);
    expect(r.agent).toEqual({ count: 2, valid: 2, newBest: 1, newBestRate: 0.5, meanGainOverParent: 0.5, meanGainOverBest: 0, improvedOnParent: 1 });
    expect(r.mutation.count).toBe(4);
    expect(r.mutation.valid).toBe(3);
    expect(r.mutation.newBest).toBe(2);
    expect(r.mutation.newBestRate).toBe(0.5);
    expect(r.mutation.meanGainOverParent).toBe(1); // (-1 + 2 + 2) / 3
    expect(r.mutation.meanGainOverBest).toBeCloseTo(2 / 3, 12); // (-1 + 1 + 2) / 3
    expect(r.mutation.improvedOnParent).toBe(2);
    expect(r.candidates.map((c) => [c.externalId, c.bestBefore, c.gainOverParent, c.gainOverBest, c.newBest])).toEqual([
      ['p3', 12, 3, 3, true],
      ['p7', 16, -2, -3, false],
    ]);
  });

  it('without triggers the whole run is one period; lower-is-better gains are signed as improvements', () => {
    const r = compareAgentCandidates(programs([[0, 0, 10, null], [1, 1, 8, 0, true], [2, 2, 9, 0]]), [], false);
    expect(r.periods).toEqual([{ startGeneration: 0, endGeneration: null, agent: 1, mutation: 1 }]);
    expect(r.candidates[0]).toMatchObject({ gainOverParent: 2, gainOverBest: 2, newBest: true });
    expect(r.mutation).toMatchObject({ count: 1, newBest: 0, meanGainOverParent: 1, meanGainOverBest: -1 });
  });

  it('a run without candidates compares nothing', () => {
    const r = compareAgentCandidates(programs([[0, 0, 1, null], [1, 1, 2, 0]]), [1], true);
    expect(r.periods).toEqual([]);
    expect(r.agent.count).toBe(0);
    expect(r.agent.newBestRate).toBeNull();
    expect(r.mutation.count).toBe(0);
  });
});
