// Scores a FunSearch demo candidate with the task's real evaluator (evaluators/funsearch_binpacking),
// in the sandbox, through the demo's result cache (../score.ts cachedEvaluator: one evaluation per
// distinct program text, ever). What the evaluator returned is read as FunSearch reads it:
// scores_per_test, the output hash, the CPU seconds it measured, or the failure on stderr.
import type { EvaluatorBundle } from '../../../contracts/evaluatorTypes';
import { demoEvaluatorBundle } from '../evaluators/bundles';
import { cachedEvaluator, type CachedEvaluation, type ScorerOptions } from '../score';

export interface FunSearchScore {
  failed: boolean;
  /** Test name -> score (-bins used), FunSearch's scores_per_test; null when the candidate failed. */
  scoresPerTest: Record<string, number> | null;
  /** Mean of scores_per_test (the evaluator's combined_score). */
  score: number | null;
  outputHash: string | null;
  /** CPU seconds the evaluator measured running the candidate (time.process_time). */
  cpuSeconds: number;
  /** Wall seconds of the whole sandboxed evaluation, as cached. */
  wallSeconds: number;
  /** First line of what the evaluator wrote to stderr for a failure. */
  error: string | null;
  metrics: Record<string, number | string>;
}

export type ScoreCandidate = (code: string) => Promise<FunSearchScore>;

const PREFIX = 'score_';

export function readEvaluation(e: CachedEvaluation): FunSearchScore {
  if (e.status !== 'ok') {
    throw new Error(`demo data: the funsearch_binpacking evaluator did not return metrics (${e.status}): ${e.message ?? ''}\n${e.stderr.slice(-2000)}`);
  }
  const metrics = Object.fromEntries(Object.entries(e.metrics).filter(([, v]) => typeof v === 'number' || typeof v === 'string')) as Record<string, number | string>;
  const cpuSeconds = typeof metrics.cpu_time === 'number' ? metrics.cpu_time : 0;
  if (metrics.validity !== 1) {
    const error = e.stderr.trim().split('\n').pop() ?? 'failed';
    return { failed: true, scoresPerTest: null, score: null, outputHash: null, cpuSeconds, wallSeconds: e.wallMs / 1000, error, metrics };
  }
  const scoresPerTest = Object.fromEntries(
    Object.entries(metrics)
      .filter(([k, v]) => k.startsWith(PREFIX) && typeof v === 'number')
      .map(([k, v]) => [k.slice(PREFIX.length), v as number]),
  );
  return {
    failed: false,
    scoresPerTest,
    score: metrics.combined_score as number,
    outputHash: String(metrics.output_hash),
    cpuSeconds,
    wallSeconds: e.wallMs / 1000,
    error: null,
    metrics,
  };
}

export function funSearchScorer(opts: ScorerOptions = {}): ScoreCandidate {
  const run = cachedEvaluator(opts);
  let bundle: EvaluatorBundle | null = null;
  return async (code) => readEvaluation(await run((bundle ??= demoEvaluatorBundle('funsearch_binpacking')), code, 'python'));
}
