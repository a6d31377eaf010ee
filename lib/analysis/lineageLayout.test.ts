import { describe, expect, it } from 'vitest';
import { LAYOUT_HEIGHT, layoutLineage, resolveEdges, type LayoutInput } from './lineageLayout';

type Edge = [child: number, parent: number | string, ordinal?: number];

/** A graph from edges; a string parent is a ghost (missing) parent's external id. */
function graph(count: number, edges: Edge[], iteration?: (number | null)[]): LayoutInput {
  return {
    count,
    iteration: iteration ?? Array.from({ length: count }, (_, i) => i),
    childIndex: edges.map((e) => e[0]),
    parentIndex: edges.map((e) => (typeof e[1] === 'string' ? -1 : e[1])),
    ghostExternalId: edges.map((e) => (typeof e[1] === 'string' ? e[1] : null)),
    ordinal: edges.map((e) => e[2] ?? 0),
  };
}

describe('layoutLineage', () => {
  it('lays a tree out with depth downwards and siblings across in seq order', () => {
    //   0
    //  / \
    // 1   2
    //     |
    //     3
    const l = layoutLineage(graph(4, [[1, 0], [2, 0], [3, 2]]));
    const { x, y } = l.positions.tree;
    expect(l.nodeCount).toBe(4);
    expect(y[0]).toBe(0);
    expect(y[1]).toBeCloseTo(y[2]);
    expect(y[3]).toBeCloseTo(LAYOUT_HEIGHT);
    expect(y[1]).toBeGreaterThan(y[0]);
    expect(x[1]).toBeLessThan(x[2]);
    expect(x[0]).toBeGreaterThan(x[1]);
    expect(x[0]).toBeLessThan(x[2]);
    expect(Array.from(l.treeParent)).toEqual([-1, 0, 0, 2]);
  });

  it('fills a box of the requested aspect ratio', () => {
    const l = layoutLineage(graph(5, [[1, 0], [2, 0], [3, 0], [4, 3]]), { aspect: 2 });
    for (const mode of ['tree', 'timeline'] as const) {
      const { x, y } = l.positions[mode];
      expect(Math.min(...x)).toBeCloseTo(0);
      expect(Math.max(...x)).toBeCloseTo(2 * LAYOUT_HEIGHT);
      expect(Math.min(...y)).toBeCloseTo(0);
      expect(Math.max(...y)).toBeCloseTo(LAYOUT_HEIGHT);
    }
  });

  it('places a crossover child under its first parent and keeps the other link as an edge', () => {
    // 2 is a crossover of 1 (ordinal 0) and 0 (ordinal 1); the ordinal-1 edge comes first.
    const l = layoutLineage(graph(3, [[1, 0], [2, 0, 1], [2, 1, 0]]));
    expect(l.treeParent[2]).toBe(1);
    expect(Array.from(l.edgeParent)).toEqual([0, 0, 1]);
    expect(l.positions.tree.y[2]).toBeGreaterThan(l.positions.tree.y[1]);
  });

  it('turns each distinct missing parent into one ghost root', () => {
    const l = layoutLineage(graph(4, [[1, 'lost-a'], [2, 'lost-a'], [3, 'lost-b'], [3, 0, 1]], [0, 5, 6, 9]));
    expect(l.ghostIds).toEqual(['lost-a', 'lost-b']);
    expect(l.nodeCount).toBe(6);
    expect(Array.from(l.edgeParent)).toEqual([4, 4, 5, 0]);
    expect(l.treeParent[4]).toBe(-1);
    expect(l.treeParent[5]).toBe(-1);
    expect(l.treeParent[1]).toBe(4);
    expect(l.treeParent[3]).toBe(5);
    // Ghosts are roots (top row of the tree) and sit just before their first child in time.
    expect(l.positions.tree.y[4]).toBe(0);
    expect(l.positions.tree.y[5]).toBe(0);
    const t = l.positions.timeline.x;
    expect(t[4]).toBeLessThan(t[1]);
    expect(t[5]).toBeLessThan(t[3]);
    expect(t[4]).toBeGreaterThan(t[0]);
  });

  it('numbers ghosts and marks first-parent edges the same way for the view', () => {
    const input = graph(4, [[1, 'x'], [2, 0, 1], [2, 'y', 0], [3, 'x'], [3, 3, 0], [3, 2, 1]]);
    const r = resolveEdges(input);
    expect(r.ghostIds).toEqual(['x', 'y']);
    expect(Array.from(r.edgeParent)).toEqual([4, 0, 5, 4, -1, 2]);
    expect(Array.from(r.firstParent)).toEqual([1, 0, 1, 1, 0, 0]);
    expect(Array.from(layoutLineage(input).edgeParent)).toEqual(Array.from(r.edgeParent));
  });

  it('lays a forest out under one virtual root, roots in time order', () => {
    const l = layoutLineage(graph(4, [[2, 0], [3, 1]]));
    const { x, y } = l.positions.tree;
    expect(y[0]).toBe(0);
    expect(y[1]).toBe(0);
    expect(x[0]).toBeLessThan(x[1]);
    expect(x[2]).toBeLessThan(x[3]);
  });

  it('puts iterations along x in the timeline and keeps the tree order along y', () => {
    const l = layoutLineage(graph(4, [[1, 0], [2, 0], [3, 1]], [0, 4, 2, null]));
    const { x, y } = l.positions.timeline;
    expect(x[0]).toBe(0);
    expect(x[3]).toBe(0); // unknown iteration: drawn at 0
    expect(x[1]).toBeCloseTo(LAYOUT_HEIGHT * 1.6);
    expect(x[2]).toBeCloseTo(x[1] / 2);
    const tree = l.positions.tree.x;
    expect(Math.sign(y[2] - y[1])).toBe(Math.sign(tree[2] - tree[1]));
  });

  it('is deterministic', () => {
    const input = graph(6, [[1, 0], [2, 0], [3, 'g'], [4, 2], [5, 2], [5, 1, 1]]);
    const a = layoutLineage(input);
    const b = layoutLineage(input);
    for (const mode of ['tree', 'timeline'] as const) {
      expect(Array.from(a.positions[mode].x)).toEqual(Array.from(b.positions[mode].x));
      expect(Array.from(a.positions[mode].y)).toEqual(Array.from(b.positions[mode].y));
    }
  });

  it('survives corrupt input: first-parent cycles, self-links, an empty run', () => {
    const l = layoutLineage(graph(4, [[1, 2], [2, 1], [3, 3]]));
    expect(l.treeParent[1]).toBe(-1); // the cycle is cut at its lowest index
    expect(l.treeParent[2]).toBe(1);
    expect(l.treeParent[3]).toBe(-1);
    expect(l.edgeParent[2]).toBe(-1);
    for (const v of [...l.positions.tree.x, ...l.positions.tree.y, ...l.positions.timeline.x]) expect(Number.isFinite(v)).toBe(true);
    expect(layoutLineage(graph(0, [])).nodeCount).toBe(0);
    expect(layoutLineage(graph(1, [])).positions.tree.x[0]).toBeCloseTo(800);
  });

  it('lays a 100k-program chain out in linear time', () => {
    const n = 100_000;
    const edges: Edge[] = Array.from({ length: n - 1 }, (_, i) => [i + 1, i]);
    const t = performance.now();
    const l = layoutLineage(graph(n, edges));
    expect(performance.now() - t).toBeLessThan(5000);
    expect(l.positions.tree.y[n - 1]).toBeCloseTo(LAYOUT_HEIGHT);
  });
});
