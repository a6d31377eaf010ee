// evaluateProgram: one candidate against one evaluator, in ONE sandbox run (lib/sandbox), with
// the contract's harness (harness.ts) and the verdict sorted by whose fault it is (classify.ts).
import { compileProgram } from '../cpp';
import { normaliseLanguage } from '../program';
import { runSandbox } from '../run';
import { classify } from './classify';
import { BINARY_FILE, buildEvaluationRequest, type TestSet } from './request';
import type { EvaluationOutcome, EvaluatorBundle } from '../../contracts/evaluatorTypes';

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
    return failure(testSet, 'sandbox-error', 'this evaluator has no private test set');
  }
  const request = buildEvaluationRequest(bundle, program, testSet);
  // A 'command' template naming {binary} gets the candidate compiled by Evoscope (g++/gcc,
  // cached by source hash): a candidate that does not compile is its own typed failure with the
  // compiler's message, never mistaken for an evaluator that broke.
  if (bundle.contract === 'command' && bundle.command?.includes('{binary}')) {
    const lang = normaliseLanguage(program.language);
    if (lang !== 'cpp' && lang !== 'c') {
      return failure(testSet, 'sandbox-error', `{binary} needs a C or C++ candidate; this one is ${program.language || 'of unknown language'}`);
    }
    const compiled = await compileProgram(program.source, lang, { signal: opts.signal });
    if (!compiled.ok) {
      const r = compiled.result;
      return {
        ...failure(testSet, r.status === 'compile-error' ? 'candidate-error' : 'sandbox-error', r.message ?? r.stderr.text),
        sandboxStatus: r.status,
        stderr: r.stderr.text,
        wallMs: r.wallMs,
        cpuMs: r.cpuMs,
        peakMemoryKb: r.peakMemoryKb,
      };
    }
    request.files.push({ path: BINARY_FILE, content: compiled.binary, executable: true });
  }
  const result = await runSandbox({ ...request, signal: opts.signal });
  return classify(bundle.contract, result, testSet);
}

function failure(testSet: TestSet, status: EvaluationOutcome['status'], message: string): EvaluationOutcome {
  return {
    status, sandboxStatus: 'sandbox-error', metrics: {}, score: null, testSet, stdout: '', stderr: '',
    message, wallMs: 0, cpuMs: 0, peakMemoryKb: 0,
  };
}
