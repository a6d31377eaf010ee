import { describe, expect, it } from 'vitest';
import { duplicatesReport, type DuplicatesProgram } from './duplicatesReport';

// A hand-worked run of six programs (arrival order = array order):
//   a  code A,  hash h1, cost 0.10  -> unique
//   b  code A', hash h1, cost 0.20  -> behavioural (new code, h1 seen: a)
//   c  code A,  hash h2, cost 0.30  -> textual (code A seen: a), whatever its hash
//   d  code B,  hash h3, cost 0.40  -> unique
//   e  code C,  no hash, cost null  -> unique, behaviour unknown (a seed without a prompt: $0)
//   f  code D,  hash h1, cost 1.00  -> behavioural (h1 seen)
// Budget 2.00: textual 0.30 (15 %), behavioural 1.20 (60 %). Groups: h1 {a,b,f}, 3 distinct codes;
// h2 and h3 hold one program each, so they are no group.
const run: DuplicatesProgram[] = [
  { id: 'a', externalId: 'A0', code: 'def f(x):\n  return x\n', outputHash: 'h1', cost: 0.1 },
  { id: 'b', externalId: 'B0', code: 'def f(x):\n  return x + 0\n', outputHash: 'h1', cost: 0.2 },
  { id: 'c', externalId: 'C0', code: 'def f(x):\n  return x   \n\n', outputHash: 'h2', cost: 0.3 },
  { id: 'd', externalId: 'D0', code: 'def f(x):\n  return -x\n', outputHash: 'h3', cost: 0.4 },
  { id: 'e', externalId: 'E0', code: 'def f(x):\n  return 2 * x\n', outputHash: null, cost: null },
  { id: 'f', externalId: 'F0', code: 'def f(x):\n  return (x)\n', outputHash: 'h1', cost: 1.0 },
];

describe('duplicatesReport', () => {
  it('counts and prices each kind, with the share of budget', () => {
    const r = duplicatesReport(run);
    expect(r.budgetUnit).toBe('cost');
    expect(r.totals.programs).toEqual({ count: 6, budget: expect.closeTo(2.0, 12) });
    expect(r.totals.unique).toEqual({ count: 3, budget: expect.closeTo(0.5, 12) });
    expect(r.totals.textual).toEqual({ count: 1, budget: expect.closeTo(0.3, 12) });
    expect(r.totals.behavioural).toEqual({ count: 2, budget: expect.closeTo(1.2, 12) });
    expect(r.totals.withoutBehaviour).toEqual({ count: 1, budget: 0 });
    expect(r.share.textual).toBeCloseTo(0.15, 12);
    expect(r.share.behavioural).toBeCloseTo(0.6, 12);
    expect(r.bases).toEqual({ outputHash: 5, outputs: 0, scoresPerTest: 0 });
    expect(r.groupCount).toBe(1);
    expect(r.differingCodeGroupCount).toBe(1);
    expect(r.groups).toEqual([
      { basis: 'outputHash', size: 3, distinctCode: 3, budget: expect.closeTo(1.3, 12), programs: [{ id: 'a', externalId: 'A0' }, { id: 'b', externalId: 'B0' }, { id: 'f', externalId: 'F0' }] },
    ]);
  });

  it('counts programs when no program has a cost, and lists only groups whose code differs', () => {
    const r = duplicatesReport([
      { id: 'p', externalId: 'p', code: 'x = 1', scoresPerTest: { t1: 1, t2: 2 } },
      { id: 'q', externalId: 'q', code: 'x = 1', scoresPerTest: { t2: 2, t1: 1 } },
      { id: 's', externalId: 's', code: 'x = 3', scoresPerTest: { t1: 0 } },
    ]);
    expect(r.budgetUnit).toBe('programs');
    expect(r.totals.textual).toEqual({ count: 1, budget: 1 });
    expect(r.share.textual).toBeCloseTo(1 / 3, 12);
    expect(r.share.behavioural).toBe(0);
    expect(r.groupCount).toBe(1);
    expect(r.differingCodeGroupCount).toBe(0);
    expect(r.groups).toEqual([]);
    expect(duplicatesReport([]).share).toEqual({ textual: null, behavioural: null });
  });
});
