import { describe, expect, it } from 'vitest';
import type { GraphLineage } from '@/lib/contracts/api/graph';
import { bestSoFarNodes, finalBestNode, isFaded, stepBestSoFar } from './jumpTargets';

const lineage: GraphLineage = {
  finalBestId: 'p5', finalBestDepth: 3, deadBranchShare: 0.5, depthHistogram: [], complete: true,
  depth: [1, 2, 2, 3, 3, 4], onBestAncestry: [1, 1, 0, 0, 1, 1], bestSoFar: [1, 0, 1, 0, 0, 1], recycledShare: [0, 0, 0, 0, 0, 0],
};
const ids = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'];

describe('lineage jump targets', () => {
  it('finds the final best by its external id', () => {
    expect(finalBestNode(ids, lineage)).toBe(5);
    expect(finalBestNode(ids, { ...lineage, finalBestId: 'gone' })).toBeNull();
    expect(finalBestNode(ids, null)).toBeNull();
  });
  it('steps through the best-so-far chain in canonical order', () => {
    const chain = bestSoFarNodes(lineage, ids.length);
    expect(chain).toEqual([0, 2, 5]);
    expect(stepBestSoFar(chain, null, 1)).toBe(0);
    expect(stepBestSoFar(chain, null, -1)).toBe(5);
    expect(stepBestSoFar(chain, 0, 1)).toBe(2);
    expect(stepBestSoFar(chain, 2, -1)).toBe(0);
    expect(stepBestSoFar(chain, 3, 1)).toBe(5); // from a node off the chain: the next one after it
    expect(stepBestSoFar(chain, 3, -1)).toBe(2);
    expect(stepBestSoFar(chain, 5, 1)).toBeNull();
    expect(stepBestSoFar([], 1, 1)).toBeNull();
  });
  it('never fades the best-so-far chain, even off the final lineage (issue 24)', () => {
    // p2 is a best-so-far improvement on a branch the final best does not descend from.
    expect(isFaded(true, lineage.onBestAncestry[2] === 1, lineage.bestSoFar[2] === 1)).toBe(false);
    expect(isFaded(true, false, false)).toBe(true);
    expect(isFaded(true, true, false)).toBe(false);
    expect(isFaded(false, false, false)).toBe(false);
  });
});
