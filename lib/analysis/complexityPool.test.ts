import { describe, expect, it } from 'vitest';
import { initParsers, programComplexity } from './complexity';
import { measureComplexities } from './complexityPool';
import { syntheticPrograms } from '../services/demo/synthetic';

// Python from the synthetic generator, plus C++ and CUDA and unknown-language sources, so every
// analysis path (both grammars and the line-based fallback) runs in the threads.
const cpp = (k: number) => `#define N ${k}\n#include <vector>\nint f(int x) {\n  // ${k}\n  for (int i = 0; i < N; i++) x += ${k % 7} * i;\n  return x > 1.5 ? x : -1;\n}\n`;
const items = [
  ...[...syntheticPrograms(600, 3)].map((p) => ({ code: p.code, language: 'python' })),
  ...Array.from({ length: 150 }, (_, k) => ({ code: cpp(k), language: k % 3 ? 'cpp' : 'cuda' })),
  ...Array.from({ length: 50 }, (_, k) => ({ code: `x = ${k}\ny = "${k}"\n`, language: k % 2 ? null : 'rust' })),
];

// A run's sources with each child's parent named (base): parsed incrementally from the parent's
// tree in the threads. Also C++ children (small edits of one program) and children that break or
// mend the syntax (error trees are parsed from scratch), so every branch is compared.
const synthetic = [...syntheticPrograms(500, 8)];
const index = new Map(synthetic.map((p, k) => [p.id, k]));
const cppBase = cpp(3);
const family = [
  ...synthetic.map((p) => ({ code: p.code, language: 'python', base: p.parentId ? index.get(p.parentId) : undefined })),
  { code: cppBase, language: 'cuda' },
  ...Array.from({ length: 40 }, (_, k) => ({ code: cppBase.replace('return x', `x += ${k}.5f;\n  return x`), language: 'cuda', base: 500 })),
  ...Array.from({ length: 20 }, (_, k) => ({ code: synthetic[k].code.replace('def solve(state):', k % 2 ? 'def solve(state:' : 'def solve(state):  # ok'), language: 'python', base: k })),
];

describe('measureComplexities', () => {
  it('parses children incrementally from their parents\' trees, with exactly the results of a fresh parse', async () => {
    await initParsers();
    const fresh = family.map((i) => programComplexity(i.code, i.language));
    expect(fresh.some((c) => c.parseErrors)).toBe(true);
    const pooled = await measureComplexities(family, { threads: 2, batchSize: 50, window: 2 }); // refills as results come
    expect(pooled.results).toEqual(fresh);
    expect(pooled.incremental).toBeGreaterThan(family.length / 2);
    const here = await measureComplexities(family, { minForThreads: Infinity });
    expect(here.threads).toBe(0);
    expect(here.results).toEqual(fresh);
    expect(here.incremental).toBeGreaterThan(pooled.incremental); // one thread keeps every parent
  });

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

describe('measureComplexities when its caller gives up', () => {
  it('stops its threads as soon as the signal aborts: no batch is measured after', async () => {
    const many = Array.from({ length: 6 }, () => items).flat(); // ~4,800 sources: seconds of work
    const controller = new AbortController();
    let measured = 0;
    let afterAbort = 0;
    const job = measureComplexities(many, {
      threads: 2,
      batchSize: 20,
      signal: controller.signal,
      onProgress: (done) => {
        if (controller.signal.aborted) afterAbort++;
        measured = done;
        if (done >= 200) controller.abort(new Error('the job failed'));
      },
    });
    await expect(job).rejects.toThrow('the job failed');
    const atAbort = measured;
    // The threads are gone: nothing more comes back, however long one waits.
    await new Promise((r) => setTimeout(r, 1500));
    expect(measured).toBe(atAbort);
    expect(afterAbort).toBe(0);
    expect(measured).toBeLessThan(many.length);
  });

  it('rejects at once when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(measureComplexities(items, { threads: 2, signal: controller.signal })).rejects.toThrow('cancelled');
  });
});
