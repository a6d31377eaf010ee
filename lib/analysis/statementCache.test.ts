// The statement cache of the complexity walk (statementCache.ts: a statement already walked is not
// walked again) gives exactly the measures of a walk of every node, on the realistic generator's
// runs, on C++/CUDA and broken sources, and on the real runs under ../shared/real-runs.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readRunsFromPath } from '../importers/index';
import { REALISTIC, SMALL, syntheticPrograms } from '../services/demo/synthetic';
import { initParsers, programComplexity, type Complexity } from './complexity';
import { IncrementalMeasurer } from './incrementalMeasure';
import { statementCacheStats, useStatementCache } from './statementCache';

const RUNS = process.env.EVOSCOPE_REAL_RUNS ?? path.resolve('../shared/real-runs');

interface Source {
  code: string;
  language: string | null;
}

let lastStats = { hits: 0, stored: 0 };

/** Every source measured twice over (the second pass hits the cache for every statement) and incrementally. */
function measured(sources: Source[], cache: boolean): Complexity[] {
  useStatementCache(cache);
  try {
    const once = sources.map((s) => programComplexity(s.code, s.language));
    lastStats = { ...statementCacheStats };
    if (!cache) expect(lastStats.hits + lastStats.stored).toBe(0);
    const again = sources.map((s) => programComplexity(s.code, s.language));
    expect(again).toEqual(once);
    const m = new IncrementalMeasurer();
    try {
      expect(sources.map((s, k) => m.measure(k, { ...s, base: k > 0 ? k - 1 : undefined }))).toEqual(once);
    } finally {
      m.close();
    }
    return once;
  } finally {
    useStatementCache(true);
  }
}

const cpp = (k: number) =>
  `#define N ${k}\n#include <vector>\nstruct S { int a : 3; int f() { return ${k}; } };\n__global__ void kern(float* x) {\n  // ${k}\n  for (int i = 0; i < N; i++) { if (i % 2) { x[i] += ${k % 7}.5f * i; } else { x[i] = pow(x[i], 2); } }\n}\nint f(int x) {\n  if (x > 3) return 1; else if (x < -2) { while (x) { x /= 2; } }\n  return x > 1.5 ? x : -1;\n}\n`;

beforeAll(async () => {
  await initParsers();
});
afterEach(() => useStatementCache(true));

describe('statement cache', () => {
  it('measures generated runs, C++/CUDA and broken sources exactly as a walk of every node', () => {
    const sources: Source[] = [
      ...[...syntheticPrograms(400, 13, 4, REALISTIC)].map((p) => ({ code: p.code, language: 'python' })),
      ...[...syntheticPrograms(200, 5, 2, SMALL)].map((p) => ({ code: p.code, language: 'python' })),
      ...Array.from({ length: 60 }, (_, k) => ({ code: cpp(k % 20), language: k % 3 ? 'cpp' : 'cuda' })),
      // Nested blocks repeated at other depths, docstrings, comments, bare strings, decorators, zones.
      ...Array.from({ length: 40 }, (_, k) => ({
        code: `"""doc ${k % 4}"""\n@deco(3)\ndef g(a=2.5):\n    # c ${k % 3}\n    x = np.zeros((3, 4)) + [1.5, 2.5]\n    for i in range(10):\n        if i > 3:\n            y = a ** 2 + v[7] * 0.25\n${k % 2 ? '        while True:\n            y = a ** 2 + v[7] * 0.25\n' : ''}    "disabled code = 5"\n    return f(x, seed=42)\n`,
        language: 'python',
      })),
      { code: 'def broken(:\n    x = update(acc_1, state[3], 0.45)\n', language: 'python' },
    ];
    const cached = measured(sources, true);
    // In a generated run most statements are not walked again: a child repeats its parent's.
    expect(lastStats.hits).toBeGreaterThan(5 * lastStats.stored);
    expect(cached).toEqual(measured(sources, false));
    expect(cached.some((c) => c.parseErrors)).toBe(true);
    expect(new Set(cached.map((c) => c.maxNestingDepth)).size).toBeGreaterThan(1);
  });

  it('measures the real runs exactly as a walk of every node', async () => {
    const dirs = fs.readdirSync(RUNS).filter((d) => fs.statSync(path.join(RUNS, d)).isDirectory());
    expect(dirs.length).toBeGreaterThan(0);
    let total = 0;
    for (const dir of dirs) {
      const runs = await readRunsFromPath(path.join(RUNS, dir));
      const sources = runs.flatMap((r) => r.programs.map((p) => ({ code: p.code ?? '', language: p.language ?? r.run.language ?? null })));
      total += sources.length;
      const cached = measured(sources, true);
      if (sources.length > 100) expect(lastStats.hits, dir).toBeGreaterThan(0);
      expect(cached, dir).toEqual(measured(sources, false));
    }
    expect(total).toBeGreaterThan(100);
  }, 300_000);
});
