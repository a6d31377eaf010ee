// A realistic generated run (lib/demo/synthetic.ts REALISTIC: Python, several KB per program)
// stored as an import would store it, for the benches that time work on a stored run.
import { REALISTIC, syntheticPrograms } from '../../lib/demo/synthetic';
import { storeImportedRun } from '../../lib/db/importRun';

/** `tag`, when given, starts every source (a comment line): sources no other run holds, nothing cached. */
export function storeSyntheticRun(n: number, name: string, tag?: string) {
  const programs = [...syntheticPrograms(n, 13, 4, REALISTIC)].map((p) => ({
    externalId: p.id,
    code: tag ? `# ${tag}\n${p.code}` : p.code,
    language: 'python',
    iteration: p.iteration,
    valid: p.score !== null,
    score: p.score,
    metrics: p.score === null ? { error: 1 } : { combined_score: p.score },
    parents: p.parentId ? [{ externalId: p.parentId }] : [],
  }));
  return storeImportedRun({
    run: { name, framework: 'openevolve', scoreMetric: 'combined_score', language: 'python', sourceKind: 'generated' },
    programs,
    warnings: [],
    stats: {},
  });
}
