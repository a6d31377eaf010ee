// A generated run (synthetic.ts) as an import hands it to storeImportedRun: for the benches that
// time work on a stored run and the tests of the worker's analyses.
import type { ImportedRun } from '../../trace/schema';
import { type SyntheticShape, syntheticPrograms } from './synthetic';

export interface SyntheticRunOptions {
  seed?: number;
  islands?: number;
  shape?: SyntheticShape;
  /** Starts every source (a comment line): sources no other run holds, so nothing is cached. */
  tag?: string;
  /** Every `repeatEvery`-th program repeats the source of the one before it (a cache hit in the same run). */
  repeatEvery?: number;
}

export function syntheticImportedRun(name: string, n: number, o: SyntheticRunOptions = {}): ImportedRun {
  const generated = [...syntheticPrograms(n, o.seed, o.islands, o.shape)];
  const programs = generated.map((p, i) => {
    const source = o.repeatEvery && i % o.repeatEvery === o.repeatEvery - 1 ? generated[i - 1] : p;
    return {
      externalId: p.id,
      code: o.tag ? `# ${o.tag}\n${source.code}` : source.code,
      language: 'python',
      iteration: p.iteration,
      valid: p.score !== null,
      score: p.score,
      metrics: p.score === null ? { error: 1 } : { combined_score: p.score },
      parents: p.parentId ? [{ externalId: p.parentId }] : [],
    };
  });
  return {
    run: { name, framework: 'openevolve', scoreMetric: 'combined_score', language: 'python', sourceKind: 'generated' },
    programs,
    warnings: [],
    stats: {},
  };
}
