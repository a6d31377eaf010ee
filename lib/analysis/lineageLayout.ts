// Positions for the lineage explorer: a pure function from a run's columnar parent graph to
// Float32Array coordinates, run in a Web Worker for large runs (components/lineage).
//
// The parent graph is a DAG (crossover children have several parents); it is drawn as the
// forest of first parents (ordinal 0) laid out by d3-hierarchy's tidy tree, every other parent
// link being drawn as an extra edge by the view. Parents the archive lacks become ghost nodes,
// one per distinct missing external id, placed as roots. All roots hang under one virtual root
// that is not drawn. Deterministic: siblings and roots go in seq order (a ghost root sits just
// before its first child), so the same graph always gives the same picture.
import { hierarchy, tree, type HierarchyNode } from 'd3-hierarchy';

export interface LayoutInput {
  /** Programs, indexed 0..count-1 in seq order. */
  count: number;
  /** Effective iteration per program (null when unknown: drawn at iteration 0). */
  iteration: ArrayLike<number | null>;
  childIndex: ArrayLike<number>;
  /** Index of the parent program, -1 when the archive lacks it (a ghost parent). */
  parentIndex: ArrayLike<number>;
  /** The missing parent's external id on ghost edges. */
  ghostExternalId: ArrayLike<string | null>;
  /** 0 for the first parent; the tree follows the smallest ordinal of each child. */
  ordinal: ArrayLike<number>;
}

export const LAYOUT_MODES = ['tree', 'timeline'] as const;
export type LayoutMode = (typeof LAYOUT_MODES)[number];

export interface LayoutOptions {
  /** Width over height of the box the coordinates fill (the view's aspect ratio). */
  aspect?: number;
}

export interface Positions {
  x: Float32Array;
  y: Float32Array;
}

export interface LineageLayout {
  /** Programs (0..count-1) then ghosts (count..nodeCount-1). */
  nodeCount: number;
  count: number;
  /** External ids of the ghost nodes: ghost g is node count + g. */
  ghostIds: string[];
  /** Per input edge: the parent node (a ghost's node index for ghost edges), or -1 for a self-link. */
  edgeParent: Int32Array;
  /** Tree parent of each node in the drawn forest (-1 for a root). */
  treeParent: Int32Array;
  /**
   * 'tree': depth downwards, siblings across; 'timeline': x = iteration, y = the node's place in
   * the tree order. Screen convention: y grows downwards. Both fill [0, H*aspect] x [0, H].
   */
  positions: Record<LayoutMode, Positions>;
  /**
   * The timeline's x extent in iterations: x = (iteration - min) / (max - min) * width, or the
   * middle when min = max. Null for an empty graph.
   */
  iterations: { min: number; max: number; width: number } | null;
}

/** Height of the box every layout fills; the width is HEIGHT * aspect. */
export const LAYOUT_HEIGHT = 1000;

export interface ResolvedEdges {
  /** External ids of the ghost nodes, in order of first appearance: ghost g is node count + g. */
  ghostIds: string[];
  /** Per ghost: its earliest child through any edge (where it goes in time). */
  ghostFirstChild: number[];
  /** Per edge: the parent node (a ghost's node index for ghost edges), or -1 for a self-link. */
  edgeParent: Int32Array;
  /** Per edge: 1 when it links a child to its first parent (smallest ordinal), else 0. */
  firstParent: Uint8Array;
}

/**
 * Gives each distinct missing parent a node after the programs and finds each child's first
 * parent edge. Exported so that the view numbers ghost nodes exactly as the layout does.
 */
export function resolveEdges(input: Pick<LayoutInput, 'count' | 'childIndex' | 'parentIndex' | 'ghostExternalId' | 'ordinal'>): ResolvedEdges {
  const { count } = input;
  const edges = input.childIndex.length;
  const ghostOf = new Map<string, number>();
  const ghostIds: string[] = [];
  const ghostFirstChild: number[] = [];
  const edgeParent = new Int32Array(edges);
  for (let e = 0; e < edges; e++) {
    const p = input.parentIndex[e];
    if (p >= 0) {
      edgeParent[e] = p === input.childIndex[e] ? -1 : p;
      continue;
    }
    const ext = input.ghostExternalId[e] ?? '(unknown parent)';
    let g = ghostOf.get(ext);
    if (g === undefined) {
      g = ghostIds.length;
      ghostOf.set(ext, g);
      ghostIds.push(ext);
      ghostFirstChild.push(input.childIndex[e]);
    }
    ghostFirstChild[g] = Math.min(ghostFirstChild[g], input.childIndex[e]);
    edgeParent[e] = count + g;
  }
  const first = new Int32Array(count).fill(-1);
  for (let e = 0; e < edges; e++) {
    const c = input.childIndex[e];
    if (edgeParent[e] >= 0 && (first[c] < 0 || input.ordinal[e] < input.ordinal[first[c]])) first[c] = e;
  }
  const firstParent = new Uint8Array(edges);
  for (let c = 0; c < count; c++) if (first[c] >= 0) firstParent[first[c]] = 1;
  return { ghostIds, ghostFirstChild, edgeParent, firstParent };
}

/** The first-parent forest; breaks first-parent cycles (corrupt input) at their lowest index. */
function firstParentForest(input: LayoutInput) {
  const { count } = input;
  const { ghostIds, ghostFirstChild, edgeParent, firstParent } = resolveEdges(input);
  const nodeCount = count + ghostIds.length;
  const parent = new Int32Array(nodeCount).fill(-1);
  for (let e = 0; e < edgeParent.length; e++) if (firstParent[e]) parent[input.childIndex[e]] = edgeParent[e];
  // 0 = unseen, 1 = on the current walk, 2 = reaches a root.
  const state = new Uint8Array(nodeCount);
  const walk: number[] = [];
  for (let i = 0; i < nodeCount; i++) {
    let v = i;
    while (v >= 0 && state[v] === 0) {
      state[v] = 1;
      walk.push(v);
      v = parent[v];
    }
    if (v >= 0 && state[v] === 1) {
      // A cycle: v is on this walk; cut it at its lowest index.
      let low = v;
      for (let k = walk.indexOf(v); k < walk.length; k++) low = Math.min(low, walk[k]);
      parent[low] = -1;
    }
    for (const w of walk) state[w] = 2;
    walk.length = 0;
  }
  return { ghostIds, ghostFirstChild, edgeParent, parent, nodeCount };
}

/** Children lists in compressed form, each in increasing index (seq) order. */
function childrenOf(parent: Int32Array) {
  const n = parent.length;
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) if (parent[i] >= 0) start[parent[i] + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  const list = new Int32Array(start[n]);
  for (let i = 0; i < n; i++) if (parent[i] >= 0) list[fill[parent[i]]++] = i;
  return { start, list };
}

/** A d3 hierarchy node (its methods come from hierarchy.prototype, as d3's own nodes' do). */
class ForestNode {
  height = 0;
  children?: ForestNode[];
  constructor(
    readonly data: number,
    readonly depth: number,
    readonly parent: ForestNode | null,
  ) {}
}
Object.setPrototypeOf(ForestNode.prototype, hierarchy.prototype);

/**
 * The forest as a d3 hierarchy over node indices (-1 = the virtual root). Built here rather than
 * by d3's stratify() or hierarchy(): both end with eachBefore(computeHeight), which walks from
 * every node up to the root and is quadratic on a long chain (a 100k-program hill climb took
 * 21 s); this builds the same nodes, with their heights, in linear time.
 */
function buildHierarchy(roots: number[], start: Int32Array, list: Int32Array): HierarchyNode<number> {
  const root = new ForestNode(-1, 0, null);
  const created: ForestNode[] = [root];
  const stack: ForestNode[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const v = node.data;
    const from = v === -1 ? 0 : start[v];
    const to = v === -1 ? roots.length : start[v + 1];
    if (to === from) continue;
    const children: ForestNode[] = new Array(to - from);
    for (let k = from; k < to; k++) {
      const child = new ForestNode(v === -1 ? roots[k] : list[k], node.depth + 1, node);
      children[k - from] = child;
      created.push(child);
    }
    node.children = children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  // Parents are created before their children: one backwards pass gives every height.
  for (let i = created.length - 1; i > 0; i--) {
    const n = created[i];
    if (n.parent!.height < n.height + 1) n.parent!.height = n.height + 1;
  }
  return root as unknown as HierarchyNode<number>;
}

export function layoutLineage(input: LayoutInput, options: LayoutOptions = {}): LineageLayout {
  const aspect = options.aspect && options.aspect > 0 ? options.aspect : 1.6;
  const { count } = input;
  const { ghostIds, ghostFirstChild, edgeParent, parent, nodeCount } = firstParentForest(input);
  const { start, list } = childrenOf(parent);

  // Roots in time order: a program root at its seq, a ghost root just before its first child.
  const rootKey = (v: number) => (v < count ? v : ghostFirstChild[v - count] - 0.5);
  const roots: number[] = [];
  for (let v = 0; v < nodeCount; v++) if (parent[v] < 0) roots.push(v);
  roots.sort((a, b) => rootKey(a) - rootKey(b));

  const root = buildHierarchy(roots, start, list);
  tree<number>()
    .nodeSize([1, 1])
    .separation((a, b) => (a.parent === b.parent ? 1 : 1.5))(root);

  const across = new Float64Array(nodeCount);
  const depth = new Int32Array(nodeCount);
  let minAcross = Infinity;
  let maxAcross = -Infinity;
  let maxDepth = 0;
  root.each((node: HierarchyNode<number>) => {
    const v = node.data;
    if (v === -1) return;
    const x = (node as HierarchyNode<number> & { x: number }).x;
    across[v] = x;
    depth[v] = node.depth - 1;
    if (x < minAcross) minAcross = x;
    if (x > maxAcross) maxAcross = x;
    if (node.depth - 1 > maxDepth) maxDepth = node.depth - 1;
  });

  // Ghosts have no iteration: one step before their earliest child.
  const iter = new Float64Array(nodeCount);
  const ghostIter = new Float64Array(ghostIds.length).fill(Infinity);
  let minIter = Infinity;
  let maxIter = -Infinity;
  for (let i = 0; i < count; i++) {
    iter[i] = input.iteration[i] ?? 0;
    if (iter[i] < minIter) minIter = iter[i];
    if (iter[i] > maxIter) maxIter = iter[i];
  }
  for (let e = 0; e < input.childIndex.length; e++) {
    const g = edgeParent[e];
    if (g >= count) ghostIter[g - count] = Math.min(ghostIter[g - count], iter[input.childIndex[e]]);
  }
  for (let g = 0; g < ghostIds.length; g++) {
    iter[count + g] = ghostIter[g] - 1;
    if (iter[count + g] < minIter) minIter = iter[count + g];
  }

  const H = LAYOUT_HEIGHT;
  const W = H * aspect;
  const scale = (v: number, lo: number, hi: number, size: number) => (hi > lo ? ((v - lo) / (hi - lo)) * size : size / 2);
  const positions = {
    tree: { x: new Float32Array(nodeCount), y: new Float32Array(nodeCount) },
    timeline: { x: new Float32Array(nodeCount), y: new Float32Array(nodeCount) },
  };
  for (let v = 0; v < nodeCount; v++) {
    positions.tree.x[v] = scale(across[v], minAcross, maxAcross, W);
    positions.tree.y[v] = scale(depth[v], 0, maxDepth, H);
    positions.timeline.x[v] = scale(iter[v], minIter, maxIter, W);
    positions.timeline.y[v] = scale(across[v], minAcross, maxAcross, H);
  }
  const iterations = nodeCount > 0 ? { min: minIter, max: maxIter, width: W } : null;
  return { nodeCount, count, ghostIds, edgeParent, treeParent: parent, positions, iterations };
}
