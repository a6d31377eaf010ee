// The real evaluation a re-evaluation batch runs: the run's stored evaluator (lib/db/evaluators.ts)
// and evaluateProgram, always in the sandbox. Tests of the scheduling inject their own.
import { pool } from '../../db/client';
import { loadEvaluator } from '../../db/evaluators';
import type { BatchDeps } from './runEvaluationBatch';
import { evaluateProgram } from '../../sandbox/evaluators/evaluate';

export const sandboxBatchDeps: BatchDeps = {
  evaluate: (bundle, program, opts) => evaluateProgram(bundle, program, opts),
  loadEvaluator: (runId, version) => loadEvaluator(pool(), runId, version),
};
