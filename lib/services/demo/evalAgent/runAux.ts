// Runs a demo auxiliary_metrics.py on one program in the sandbox, through the demo's result cache
// (keyed by the script, the wrapper and the program: a second generation re-uses every value).
import type { EvaluatorBundle } from '../../../contracts/evaluatorTypes';
import { cachedEvaluator, type ScorerOptions } from '../score';
import { auxBundle } from './auxScripts';
import type { RunAux } from './addEvalAgent';

export function demoAuxRunner(opts: ScorerOptions = {}): RunAux {
  const run = cachedEvaluator(opts);
  const bundles = new Map<string, EvaluatorBundle>();
  return async (script, code) => {
    let b = bundles.get(script);
    if (!b) bundles.set(script, (b = auxBundle(script)));
    const e = await run(b, code, 'cpp');
    if (e.status !== 'ok') return null;
    const out = Object.fromEntries(Object.entries(e.metrics).filter(([, v]) => typeof v === 'number' && Number.isFinite(v))) as Record<string, number>;
    return Object.keys(out).length ? out : null;
  };
}
