// The database's counters, replayed from its event log. Seed 002 defines them:
//   iterations: "Completed evolutionary cycles (prompt generated, sampled, evaluated, result processed)"
//   total_stored_programs: "Functions that executed successfully and passed deduplication"
//   execution_failed: "Execution failed or timed out"
//   duplicates_discarded: "Identical output hash"
//   version_mismatch_discarded: "Function was generated from a prompt whose island was reset
//     before the result returned"
//   "Tracks if database changed between consecutive prompts: parallel_prompts: Same database
//   state as previous prompt; sequential_prompts: New functions were stored since previous prompt"
//   cumulative_evaluator_cpu_time, cumulative_sampler_gpu_time, cumulative_input_tokens /
//   cumulative_output_tokens, cumulative_cost ("requires cost_model").
//   Its prompt edge cases: "No clusters: Skip prompt", "Fewer clusters than needed: Use all
//   available", "Softmax fails: Uniform fallback", "Duplicate few-shot examples: Flag and count".
// Where the seed is silent:
// - An iteration is one processed result, whatever its outcome.
// - The "database state" is the number of programs stored so far; the first prompt is compared
//   with the empty database, so it is sequential when programs (the seeds) were stored before it.
//   A reset alone does not make the next prompt sequential (it stores no new function).
// - A skipped prompt (no clusters) is counted apart and is not a prompt: it was never sent, so it
//   is neither parallel nor sequential. The other edge cases are flags on a sent prompt; a prompt
//   is counted once per flag, its duplicate examples each.
// - A cumulative quantity no event reported stays null, never 0: a run without a cost model has
//   no cost. When only some results carry it, the sum covers those and `partial` says so.

export type ResultOutcome = 'stored' | 'execution_failed' | 'duplicate' | 'version_mismatch';

export type DbEvent =
  | {
      type: 'prompt';
      /** No clusters on the island: the prompt was skipped, not sent. */
      skipped?: boolean;
      fewerClusters?: boolean;
      uniformFallback?: boolean;
      /** Few-shot examples duplicating an earlier example of the same prompt (prompt.ts). */
      duplicateExamples?: number;
    }
  | {
      type: 'result';
      outcome: ResultOutcome;
      cpuSeconds?: number | null;
      gpuSeconds?: number | null;
      inputTokens?: number | null;
      outputTokens?: number | null;
      cost?: number | null;
    }
  /** Programs stored outside a result: the initial programs, a reset's founders. */
  | { type: 'seed'; count: number }
  | { type: 'reset' };

const SUMS = ['cpuSeconds', 'gpuSeconds', 'inputTokens', 'outputTokens', 'cost'] as const;
type SumName = (typeof SUMS)[number];

export type Cumulative = { value: number | null; reported: number; partial: boolean };

export type Counters = {
  /** Index of the event after which these counters hold. */
  at: number;
  iterations: number;
  storedPrograms: number;
  executionFailed: number;
  duplicatesDiscarded: number;
  versionMismatchDiscarded: number;
  prompts: number;
  parallelPrompts: number;
  sequentialPrompts: number;
  promptsSkipped: number;
  promptsFewerClusters: number;
  promptsUniformFallback: number;
  promptsWithDuplicateExamples: number;
  duplicateExamples: number;
  resets: number;
  cumulative: Record<SumName, Cumulative>;
};

const OUTCOME_COUNTER: Record<ResultOutcome, 'storedPrograms' | 'executionFailed' | 'duplicatesDiscarded' | 'versionMismatchDiscarded'> = {
  stored: 'storedPrograms',
  execution_failed: 'executionFailed',
  duplicate: 'duplicatesDiscarded',
  version_mismatch: 'versionMismatchDiscarded',
};

/**
 * Counters after every `every`-th event and after the last one, for the counters-over-time chart
 * (every = 1: one snapshot per event; a 300 000-sample run wants a coarser step).
 */
export function replayCounters(events: readonly DbEvent[], opts: { every?: number } = {}): Counters[] {
  const every = opts.every ?? 1;
  if (!Number.isInteger(every) || every < 1) throw new RangeError(`every must be a positive integer, got ${every}`);
  const c: Counters = {
    at: -1,
    iterations: 0,
    storedPrograms: 0,
    executionFailed: 0,
    duplicatesDiscarded: 0,
    versionMismatchDiscarded: 0,
    prompts: 0,
    parallelPrompts: 0,
    sequentialPrompts: 0,
    promptsSkipped: 0,
    promptsFewerClusters: 0,
    promptsUniformFallback: 0,
    promptsWithDuplicateExamples: 0,
    duplicateExamples: 0,
    resets: 0,
    cumulative: Object.fromEntries(SUMS.map((k) => [k, { value: null, reported: 0, partial: false }])) as Record<SumName, Cumulative>,
  };
  // Programs stored including seeds and founders: the database state a prompt compares against.
  let state = 0;
  let stateAtLastPrompt = 0;
  const out: Counters[] = [];
  for (const [i, e] of events.entries()) {
    c.at = i;
    if (e.type === 'prompt' && e.skipped) {
      c.promptsSkipped++;
    } else if (e.type === 'prompt') {
      if (e.fewerClusters) c.promptsFewerClusters++;
      if (e.uniformFallback) c.promptsUniformFallback++;
      if (e.duplicateExamples) {
        c.promptsWithDuplicateExamples++;
        c.duplicateExamples += e.duplicateExamples;
      }
      c.prompts++;
      if (state > stateAtLastPrompt) c.sequentialPrompts++;
      else c.parallelPrompts++;
      stateAtLastPrompt = state;
    } else if (e.type === 'seed') {
      state += e.count;
    } else if (e.type === 'reset') {
      c.resets++;
    } else {
      c.iterations++;
      c[OUTCOME_COUNTER[e.outcome]]++;
      if (e.outcome === 'stored') state++;
      for (const k of SUMS) {
        const v = e[k];
        const sum = c.cumulative[k];
        if (typeof v === 'number' && Number.isFinite(v)) {
          sum.value = (sum.value ?? 0) + v;
          sum.reported++;
        }
        sum.partial = sum.reported > 0 && sum.reported < c.iterations;
      }
    }
    if ((i + 1) % every !== 0 && i !== events.length - 1) continue;
    out.push({ ...c, cumulative: Object.fromEntries(SUMS.map((k) => [k, { ...c.cumulative[k] }])) as Record<SumName, Cumulative> });
  }
  return out;
}
