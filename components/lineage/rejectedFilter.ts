// Prepare for "show rejected": the lineage hides programs the search rejected (GEPA's rejection
// history: proposed, never accepted) unless asked. Pure: the graph without those nodes, every
// column and index realigned; an edge from a hidden parent becomes a ghost edge (the parent is
// named, not drawn), one to a hidden child goes. A graph without rejected programs is returned
// as it is (the same object), so runs of every other framework pay nothing.
import type { GraphLineage, RunGraph } from '@/lib/contracts/api/graph';

export interface Filtered {
  graph: RunGraph;
  lineage: GraphLineage | null;
  hidden: number;
}

export function withoutRejected(graph: RunGraph, lineage: GraphLineage | null): Filtered {
  if (!graph.rejected.length) return { graph, lineage, hidden: 0 };
  const hide = new Uint8Array(graph.count);
  for (const i of graph.rejected) hide[i] = 1;
  const newIndex = new Int32Array(graph.count);
  let n = 0;
  for (let i = 0; i < graph.count; i++) newIndex[i] = hide[i] ? -1 : n++;
  const keep = <T,>(xs: readonly T[]) => xs.filter((_, i) => !hide[i]);
  const map = (xs: readonly number[]) => xs.filter((i) => !hide[i]).map((i) => newIndex[i]);

  const e = graph.edges;
  const edges: RunGraph['edges'] = { childIndex: [], parentIndex: [], ghostExternalId: [], operator: [], ordinal: [] };
  for (let k = 0; k < e.childIndex.length; k++) {
    const c = e.childIndex[k];
    if (hide[c]) continue;
    const p = e.parentIndex[k];
    const hiddenParent = p >= 0 && hide[p] === 1;
    edges.childIndex.push(newIndex[c]);
    edges.parentIndex.push(p < 0 || hiddenParent ? -1 : newIndex[p]);
    edges.ghostExternalId.push(hiddenParent ? graph.externalIds[p] : e.ghostExternalId[k]);
    edges.operator.push(e.operator[k]);
    edges.ordinal.push(e.ordinal[k]);
  }
  const ce = graph.contextEdges;
  const contextEdges: RunGraph['contextEdges'] = { childIndex: [], refIndex: [], label: [] };
  for (let k = 0; k < ce.childIndex.length; k++) {
    if (hide[ce.childIndex[k]] || hide[ce.refIndex[k]]) continue;
    contextEdges.childIndex.push(newIndex[ce.childIndex[k]]);
    contextEdges.refIndex.push(newIndex[ce.refIndex[k]]);
    contextEdges.label.push(ce.label[k]);
  }
  const filtered: RunGraph = {
    ...graph,
    count: n,
    ids: keep(graph.ids),
    externalIds: keep(graph.externalIds),
    seq: keep(graph.seq),
    iteration: keep(graph.iteration),
    island: keep(graph.island),
    score: keep(graph.score),
    valid: keep(graph.valid),
    agentCandidates: map(graph.agentCandidates),
    rejected: [],
    contextEdges,
    edges,
    lineage: graph.lineage && filterLineage(graph.lineage, keep),
  };
  return { graph: filtered, lineage: lineage && filterLineage(lineage, keep), hidden: graph.count - n };
}

/**
 * The lineage facts aligned to withoutRejected(graph).graph. Apart from the graph, so that facts
 * arriving later (the worker's poll) do not make a new graph and a new layout.
 */
export function lineageWithoutRejected(graph: RunGraph, lineage: GraphLineage | null): GraphLineage | null {
  if (!graph.rejected.length || !lineage) return lineage;
  const hide = new Uint8Array(graph.count);
  for (const i of graph.rejected) hide[i] = 1;
  return filterLineage(lineage, (xs) => xs.filter((_, i) => !hide[i]));
}

function filterLineage(l: GraphLineage, keep: <T>(xs: readonly T[]) => T[]): GraphLineage {
  return { ...l, depth: keep(l.depth), onBestAncestry: keep(l.onBestAncestry), bestSoFar: keep(l.bestSoFar), recycledShare: keep(l.recycledShare) };
}
