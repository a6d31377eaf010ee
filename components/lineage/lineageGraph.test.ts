import { expect, it } from 'vitest';
import { runGraphSchema } from '@/lib/contracts/api/graph';
import { buildLineageGraph } from './lineageGraph';

// p0 -> p1 -> p2; p2 was shown p0 (context only) and p1 (also its parent).
const graph = runGraphSchema.parse({
  runId: 'r', scoreMetric: 'score', higherIsBetter: true, count: 3, ids: ['a', 'b', 'c'], externalIds: ['p0', 'p1', 'p2'],
  seq: [0, 1, 2], iteration: [0, 1, 2], island: [null, null, null], score: [1, 2, 3], valid: [true, true, true],
  contextEdges: { childIndex: [2, 2], refIndex: [0, 1], label: ['top', null] },
  edges: { childIndex: [1, 2], parentIndex: [0, 1], ghostExternalId: [null, null], operator: [null, null], ordinal: [0, 0] },
  lineage: null,
});

it('adds context edges as kind 3, after the parent edges, never over one', () => {
  const g = buildLineageGraph(graph, null);
  expect(g.getEdgeAttributes(g.edge('0', '1'))).toMatchObject({ kind: 0 });
  expect(g.getEdgeAttributes(g.edge('1', '2'))).toMatchObject({ kind: 0 }); // a parent that was also shown stays a parent edge
  expect(g.getEdgeAttributes(g.edge('0', '2'))).toEqual({ kind: 3, s: 0, t: 2, chain: false });
  expect(g.size).toBe(3);
});

it('adds none for a graph without context refs (cached before they existed)', () => {
  const { contextEdges: _, ...old } = graph;
  expect(buildLineageGraph(runGraphSchema.parse(old), null).size).toBe(2);
});
