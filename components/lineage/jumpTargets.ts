// Where the lineage's jump controls go (issue 24: "final best" and "best so far" controls, so a
// reader need not go overview -> program -> Show in lineage), and which nodes "fade dead
// branches" fades: never the final best's ancestry, never the best-so-far chain. Pure.
import type { GraphLineage } from '@/lib/contracts/api/graph';

/** The node of the final best, or null when the lineage facts do not name one in the graph. */
export function finalBestNode(externalIds: readonly string[], lineage: GraphLineage | null): number | null {
  if (!lineage?.finalBestId) return null;
  const i = externalIds.indexOf(lineage.finalBestId);
  return i < 0 ? null : i;
}

/** The best-so-far programs, in canonical order (the graph's node order). */
export function bestSoFarNodes(lineage: GraphLineage | null, count: number): number[] {
  if (!lineage) return [];
  const out: number[] = [];
  for (let i = 0; i < count; i++) if (lineage.bestSoFar[i] === 1) out.push(i);
  return out;
}

/**
 * The next (dir 1) or previous (dir -1) best-so-far node from the selected one; from a node
 * off the chain, the first one after (or before) it; null past either end.
 */
export function stepBestSoFar(chain: readonly number[], selected: number | null, dir: 1 | -1): number | null {
  if (!chain.length) return null;
  if (selected === null) return dir === 1 ? chain[0] : chain[chain.length - 1];
  if (dir === 1) return chain.find((i) => i > selected) ?? null;
  for (let k = chain.length - 1; k >= 0; k--) if (chain[k] < selected) return chain[k];
  return null;
}

/** Whether "fade dead branches" fades a node: off the final best's ancestry and off the best-so-far chain. */
export function isFaded(dim: boolean, onBestAncestry: boolean, onBestSoFar: boolean): boolean {
  return dim && !onBestAncestry && !onBestSoFar;
}
