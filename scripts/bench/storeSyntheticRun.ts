// A realistic generated run (lib/services/demo/synthetic.ts REALISTIC: Python, several KB per program)
// stored as an import would store it, for the benches that time work on a stored run.
import { REALISTIC } from '../../lib/services/demo/synthetic';
import { syntheticImportedRun } from '../../lib/services/demo/syntheticRun';
import { storeImportedRun } from '../../lib/db/importRun';

/** `tag`, when given, starts every source (a comment line): sources no other run holds, nothing cached. */
export function storeSyntheticRun(n: number, name: string, tag?: string) {
  return storeImportedRun(syntheticImportedRun(name, n, { seed: 13, islands: 4, shape: REALISTIC, tag }));
}
