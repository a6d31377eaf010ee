import { describe, expect, it } from 'vitest';
import { initParsers, programComplexity } from './complexity';
import { measureComplexities } from './complexityPool';
import { syntheticPrograms } from '../demo/synthetic';

// Python from the synthetic generator, plus C++ and CUDA and unknown-language sources, so every
// analysis path (both grammars and the line-based fallback) runs in the threads.
const cpp = (k: number) => `#define N ${k}\n#include <vector>\nint f(int x) {\n  // ${k}\n  for (int i = 0; i < N; i++) x += ${k % 7} * i;\n  return x > 1.5 ? x : -1;\n}\n`;
const items = [
  ...[...syntheticPrograms(600, 3)].map((p) => ({ code: p.code, language: 'python' })),
  ...Array.from({ length: 150 }, (_, k) => ({ code: cpp(k), language: k % 3 ? 'cpp' : 'cuda' })),
  ...Array.from({ length: 50 }, (_, k) => ({ code: `x = ${k}\ny = "${k}"\n`, language: k % 2 ? null : 'rust' })),
];

describe('measureComplexities', () => {
  it('gives, from two worker threads, exactly the single-thread results', async () => {
    await initParsers();
    const single = items.map((i) => programComplexity(i.code, i.language));
    const seen: number[] = [];
    const onProgress = (done: number, total: number) => {
      expect(total).toBe(items.length);
      seen.push(done);
    };
    const pooled = await measureComplexities(items, { threads: 2, batchSize: 64, onProgress });
    expect(pooled.threads).toBe(2);
    // Progress: once per batch, rising, ending at every item.
    expect(seen).toHaveLength(Math.ceil(items.length / 64));
    expect(seen.every((n, k) => k === 0 || n > seen[k - 1])).toBe(true);
    expect(seen.at(-1)).toBe(items.length);
    expect(pooled.perThread.every((n) => n > 0)).toBe(true); // both threads did work
    expect(pooled.perThread.reduce((a, b) => a + b, 0)).toBe(items.length);
    expect(pooled.results).toEqual(single);
  });

  it('measures a handful of sources in this thread', async () => {
    const few = items.slice(0, 10);
    const r = await measureComplexities(few);
    expect(r.threads).toBe(0);
    expect(r.results).toEqual(few.map((i) => programComplexity(i.code, i.language)));
  });
});
