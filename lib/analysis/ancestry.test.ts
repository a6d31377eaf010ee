import { describe, expect, it } from 'vitest';
import { Ancestry } from './ancestry';

describe('Ancestry', () => {
  it('answers through first parents, crossovers and parent cycles', () => {
    // 0 root; 1 <- 0; 2 <- 0; 3 <- 1; 4 <- [2, 3] (crossover); 5 <- 4; 6 <-> 7 (a parent cycle).
    const a = new Ancestry([[], [0], [0], [1], [2, 3], [4], [7], [6]]);
    expect(a.isAncestor(0, 3)).toBe(true);
    expect(a.isAncestor(2, 3)).toBe(false);
    expect(a.isAncestor(3, 4)).toBe(true); // second parent
    expect(a.isAncestor(1, 5)).toBe(true); // second parent's ancestor, two levels down
    expect(a.isAncestor(5, 4)).toBe(false);
    expect(a.isAncestor(4, 4)).toBe(false);
    expect(a.isAncestor(7, 6)).toBe(true);
    expect(a.isAncestor(6, 7)).toBe(true);
    expect([...a.ancestorsOf(5)].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(a.firstParentDepth(5)).toBe(4); // 0 -> 2 -> 4 -> 5
    expect(a.firstParentDepth(6)).toBe(2);
  });

  it('agrees with a breadth-first search on random graphs, in any query order', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let g = 0; g < 40; g++) {
      const n = 60;
      // Parents mostly earlier (with crossovers); some graphs get a few later parents and cycles.
      const parents = Array.from({ length: n }, (_, i) => {
        const ps = new Set<number>();
        if (i > 0 && rand() < 0.9) ps.add(Math.floor(rand() * i));
        if (i > 0 && rand() < 0.3) ps.add(Math.floor(rand() * i));
        if (g % 4 === 3 && rand() < 0.05) ps.add(Math.floor(rand() * n));
        ps.delete(i);
        return [...ps];
      });
      const truth = (x: number, c: number) => {
        const seen = new Set<number>();
        const stack = [...parents[c]];
        while (stack.length) {
          const y = stack.pop()!;
          if (seen.has(y)) continue;
          seen.add(y);
          stack.push(...parents[y]);
        }
        return x !== c && seen.has(x);
      };
      const a = new Ancestry(parents, parents.map(() => Math.floor(rand() * n)));
      for (let q = 0; q < 600; q++) {
        const c = Math.floor(rand() * n);
        const x = Math.floor(rand() * n);
        expect(a.isAncestor(x, c), `graph ${g}: ${x} ancestor of ${c}`).toBe(truth(x, c));
      }
    }
  });
});
