// The graphology graph the renderer draws, built from the columnar graph while the layout worker
// is still computing positions (nodes start at 0,0; placeNodes() moves them). Building it takes
// about as long as the layout at 50k programs, so doing both at once saves that much of the wait.
import Graph from 'graphology';
import { resolveEdges, type Positions } from '@/lib/analysis/lineageLayout';
import type { GraphLineage, RunGraph } from '@/lib/contracts/api/graph';

export type NodeAttrs = { x: number; y: number; i: number };
/**
 * kind 0: a first parent (tree edge), 1: another parent of a crossover child, 2: only a link of
 * the best-so-far chain, 3: only a context edge (the program shown -> the one made with it; drawn
 * on demand, never lineage). `chain`: the edge joins two consecutive best-so-far programs.
 */
export type EdgeAttrs = { kind: 0 | 1 | 2 | 3; s: number; t: number; chain: boolean };
export type LineageGraph = Graph<NodeAttrs, EdgeAttrs>;

/**
 * No zIndex sorting in the renderer (two sorts of 50k items per refresh): nodes and edges are
 * added in drawing order instead, dead branches first and the final best's ancestry and the
 * best-so-far points last, so the emphasised ones are drawn on top. A simple graph: a best-so-far
 * link that is also a parent link is one edge with `chain` set.
 */
export function buildLineageGraph(graph: RunGraph, lineage: GraphLineage | null): LineageGraph {
  const g: LineageGraph = new Graph({ type: 'directed', multi: false, allowSelfLoops: false });
  const e = graph.edges;
  const { ghostIds, edgeParent, firstParent } = resolveEdges({ ...e, count: graph.count });
  const n = graph.count + ghostIds.length;
  const rank = (i: number) => (i >= graph.count ? 1 : !lineage ? 0 : lineage.bestSoFar[i] === 1 ? 3 : lineage.onBestAncestry[i] === 1 ? 2 : 0);
  for (let r = 0; r <= 3; r++) for (let i = 0; i < n; i++) if (rank(i) === r) g.addNode(String(i), { x: 0, y: 0, i });
  const onBest = (i: number) => i < graph.count && lineage?.onBestAncestry[i] === 1;
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < e.childIndex.length; k++) {
      const p = edgeParent[k];
      const c = e.childIndex[k];
      if (p < 0 || (onBest(p) && onBest(c)) !== (pass === 1)) continue;
      // (parent, child) pairs are unique: the store keeps one edge per child and parent id.
      g.addEdge(String(p), String(c), { kind: firstParent[k] ? 0 : 1, s: p, t: c, chain: false });
    }
  }
  if (lineage) {
    let prev = -1;
    for (let i = 0; i < graph.count; i++) {
      if (lineage.bestSoFar[i] !== 1) continue;
      if (prev >= 0) {
        const [key, added] = g.mergeEdge(String(prev), String(i), { chain: true });
        if (added) g.mergeEdgeAttributes(key, { kind: 2, s: prev, t: i });
      }
      prev = i;
    }
  }
  // Context edges last (drawn on top when shown); a pair already joined by a parent edge keeps it.
  const ce = graph.contextEdges;
  for (let k = 0; k < ce.childIndex.length; k++) {
    const s = ce.refIndex[k];
    const t = ce.childIndex[k];
    if (s === t || g.hasEdge(String(s), String(t))) continue;
    g.addEdge(String(s), String(t), { kind: 3, s, t, chain: false });
  }
  return g;
}

/** Moves every node to its position (the layout's y grows downwards, sigma's upwards). */
export function placeNodes(g: LineageGraph, { x, y }: Positions) {
  g.updateEachNodeAttributes(
    (_key, a) => {
      a.x = x[a.i];
      a.y = -y[a.i];
      return a;
    },
    { attributes: ['x', 'y'] },
  );
}
