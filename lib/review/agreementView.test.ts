import { expect, it } from 'vitest';
import { agreementPairs, type AgreementItem, type Labelling } from './agreementView';

const items: AgreementItem[] = [0, 1, 2, 3].map((p) => ({ id: `i${p}`, position: p, runId: 'r', childId: `c${p}`, parentId: `p${p}` }));
const labelling = (key: string, kind: 'judge' | 'reviewer', rows: Record<string, string[]>): Labelling => ({
  key, name: key, kind, labels: new Map(Object.entries(rows)),
});

it('pairs the judge with each reviewer (reviewer as reference), then the reviewers, and lists the differing items', () => {
  const judge = labelling('judge:offline@2', 'judge', { i0: ['bug_fix'], i1: ['refactor'], i2: [], i3: ['pruning'] });
  const ann = labelling('ann', 'reviewer', { i0: ['bug_fix'], i1: ['refactor', 'local_refinement'], i3: ['pruning'] });
  const bob = labelling('bob', 'reviewer', { i0: ['bug_fix'], i1: ['local_refinement', 'refactor'], i2: ['efficiency'], i3: [] });
  const pairs = agreementPairs(items, judge, [ann, bob]);
  expect(pairs.map((p) => `${p.a.key}/${p.b.key}`)).toEqual(['ann/judge:offline@2', 'bob/judge:offline@2', 'ann/bob']);
  expect(pairs[0].report.n).toBe(3);
  expect(pairs[0].disagreements).toEqual([{ position: 1, runId: 'r', childId: 'c1', parentId: 'p1', a: ['local_refinement', 'refactor'], b: ['refactor'] }]);
  // Order of labels does not make a disagreement; an item one side did not label is not one.
  expect(pairs[2].disagreements.map((d) => d.position)).toEqual([3]);
  expect(pairs[2].report.n).toBe(3);
  expect(agreementPairs(items, null, [ann])).toEqual([]);
});
