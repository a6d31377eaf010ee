// evaluateProgram: one candidate against one evaluator, in ONE sandbox run (lib/sandbox), with
// the contract's harness (harness.ts) and the verdict sorted by whose fault it is (classify.ts).
import { runSandbox } from '../sandbox/run';
import { classify } from './classify';
import { buildEvaluationRequest, type TestSet } from './request';
import type { EvaluationOutcome, EvaluatorBundle } from './types';

export interface EvaluateOptions {
  /** 'private' overlays the evaluator's private files (same paths replaced). Default 'public'. */
  testSet?: TestSet;
  signal?: AbortSignal;
}

export async function evaluateProgram(
  bundle: EvaluatorBundle,
  program: { source: string; language: string },
  opts: EvaluateOptions = {},
): Promise<EvaluationOutcome> {
  const testSet = opts.testSet ?? 'public';
  if (testSet === 'private' && !Object.keys(bundle.privateFiles ?? {}).length) {
    return {
      status: 'sandbox-error', sandboxStatus: 'sandbox-error', metrics: {}, score: null, testSet, stdout: '', stderr: '',
      message: 'this evaluator has no private test set', wallMs: 0, cpuMs: 0, peakMemoryKb: 0,
    };
  }
  const request = buildEvaluationRequest(bundle, program, testSet);
  const result = await runSandbox({ ...request, signal: opts.signal });
  return classify(bundle.contract, result, testSet);
}
