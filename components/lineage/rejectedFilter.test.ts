import { expect, it } from 'vitest';
import { runGraphSchema, type GraphLineage } from '@/lib/contracts/api/graph';
import { lineageWithoutRejected, withoutRejected } from './rejectedFilter';

// p0 -> p1 -> p3, p0 -> r2 (rejected) -> p4 (a child of a rejected program), p3 shown r2 and p0 as context.
const graph = runGraphSchema.parse({
  runId: 'r', scoreMetric: 'score', higherIsBetter: true, count: 5,
  ids: ['a', 'b', 'c', 'd', 'e'], externalIds: ['p0', 'p1', 'r2', 'p3', 'p4'], seq: [0, 1, 2, 3, 4],
  iteration: [0, 1, 2, 3, 4], island: [null, null, null, null, null], score: [1, 2, 99, 3, 4],
  valid: [true, true, false, true, true], agentCandidates: [4], rejected: [2],
  contextEdges: { childIndex: [3, 3], refIndex: [2, 0], label: ['top', null] },
  edges: { childIndex: [1, 2, 3, 4], parentIndex: [0, 0, 1, 2], ghostExternalId: [null, null, null, null], operator: [null, 'm', null, null], ordinal: [0, 0, 0, 0] },
  lineage: null,
});
const lineage: GraphLineage = {
  finalBestId: 'p4', finalBestDepth: 2, deadBranchShare: 0, depthHistogram: [], complete: true,
  depth: [0, 1, 1, 2, 2], onBestAncestry: [1, 0, 1, 0, 1], bestSoFar: [1, 1, 0, 1, 1], recycledShare: [0, 0, 0, 0, 0],
};

it('drops rejected nodes, realigns every column, turns edges from them into ghosts', () => {
  const { graph: g, lineage: l, hidden } = withoutRejected(graph, lineage);
  expect(hidden).toBe(1);
  expect(g.count).toBe(4);
  expect(g.externalIds).toEqual(['p0', 'p1', 'p3', 'p4']);
  expect(g.score).toEqual([1, 2, 3, 4]);
  expect(g.agentCandidates).toEqual([3]);
  expect(g.edges).toEqual({ childIndex: [1, 2, 3], parentIndex: [0, 1, -1], ghostExternalId: [null, null, 'r2'], operator: [null, null, null], ordinal: [0, 0, 0] });
  expect(g.contextEdges).toEqual({ childIndex: [2], refIndex: [0], label: [null] });
  expect(l!.depth).toEqual([0, 1, 2, 2]);
  expect(l!.bestSoFar).toEqual([1, 1, 1, 1]);
  expect(lineageWithoutRejected(graph, lineage)).toEqual(l);
});

it('returns a graph without rejected programs as it is', () => {
  const plain = { ...graph, rejected: [] };
  const out = withoutRejected(plain, lineage);
  expect(out.graph).toBe(plain);
  expect(out.lineage).toBe(lineage);
  expect(out.hidden).toBe(0);
  expect(lineageWithoutRejected(plain, lineage)).toBe(lineage);
});
