// The FunSearch demo search as an ImportedRun (lib/trace/schema.ts) with its searchState
// (lib/trace/searchState.ts): what lib/db stores for any source that keeps a programs database.
// Parents: a generated program's parents are its prompt's few-shot examples, in prompt order
// (ascending score, the one the "LLM" edited last; operator 'few-shot'); a reset's founder has
// the donor island's best as its one parent (operator 'reset'); seeds have none.
// Simulated parts (said in the run's meta and each prompt's context): tokens, GPU seconds and
// cost come from sampler.ts's stated model, and timestamps from a seeded clock; scores, output
// hashes, failures and CPU seconds are what the real evaluator returned.
import type { ImportedRun, ProgramRecord } from '../../../trace/schema';
import type { SearchStateInput } from '../../../trace/searchState';
import { countersOverTime, type FsMoment, type FsSearch } from './search';
import { SAMPLER_MODEL } from './sampler';

const INVALID: Record<string, string> = { execution_failed: 'execution failed' };

function program(search: FsSearch, p: FsSearch['programs'][number]): ProgramRecord {
  const r = p.result;
  const pr = p.prompt;
  return {
    externalId: p.id,
    code: p.code,
    language: 'python',
    iteration: p.iteration,
    timestamp: p.timestamp,
    island: p.island,
    valid: !r.failed,
    invalidReason: r.failed ? `${INVALID.execution_failed}: ${r.error}` : null,
    score: r.score,
    metrics: r.metrics,
    metadata: { outcome: p.outcome, edit: p.edit, bug: p.bug, ...(pr ? { temperature: pr.temperature, storedOnIsland: pr.storedOnIsland, promptStored: pr.stateStored, fewerClusters: pr.fewerClusters, duplicateExamples: pr.duplicates, fallback: pr.fallback } : {}) },
    scoresPerTest: r.scoresPerTest,
    outputHash: r.outputHash,
    parents: p.parents.map((externalId) => ({ externalId, operator: p.outcome === 'founder' ? 'reset' : 'few-shot' })),
    evaluation: { status: r.failed ? 'failed' : 'ok', errors: r.error, timingMs: Math.round(r.wallSeconds * 1000), publicMetrics: r.metrics },
    contexts: pr
      ? [
          {
            kind: 'funsearch_prompt',
            system: search.config.template.systemMessage,
            user: pr.text,
            response: p.response,
            model: SAMPLER_MODEL.name,
            promptTokens: pr.inputTokens,
            completionTokens: pr.outputTokens,
            cost: pr.cost,
            extra: { simulated: ['promptTokens', 'completionTokens', 'cost', 'gpuSeconds'], gpuSeconds: pr.gpuSeconds },
          },
        ]
      : [],
  };
}

const at = (m: FsMoment) => ({ iteration: m.iteration, timestamp: m.timestamp, stored: m.stored });

export function toImportedRun(search: FsSearch): ImportedRun {
  const c = search.config;
  // One counter sample per iteration step that ended with a result, plus the first state.
  const samples = countersOverTime(search).filter((s, i, all) => i === 0 || i === all.length - 1 || search.events[s.counters.at].type === 'result');
  const searchState: SearchStateInput = {
    config: {
      num_islands: c.numIslands,
      reset_programs: c.resetPrograms,
      cluster_sampling_temperature_init: c.temperatureInit,
      cluster_sampling_temperature_period: c.temperaturePeriod,
      functions_per_prompt: c.functionsPerPrompt,
      no_deduplication: false,
      other: { initial_program_copies: 1, samplers: c.maxBatch, cluster_score: 'mean of scores_per_test (combined_score)', sampler_model: SAMPLER_MODEL },
    },
    snapshots: search.snapshots.map((s, k) => ({
      at: at(s.at),
      kind: k === search.snapshots.length - 1 ? 'final' : 'checkpoint',
      islands: s.islands.map((i) => ({
        island: i.island,
        size: i.programs.length,
        bestScore: i.bestScore,
        bestProgram: i.bestProgram,
        programs: i.programs,
        temperature: i.temperature,
        storedSinceReset: i.storedSinceReset,
        clusters: i.clusters,
      })),
    })),
    events: search.resets.map((r) => ({ kind: 'reset' as const, at: at(r.at), island: r.island, donorIsland: r.donorIsland, program: r.program })),
    counters: samples.map(({ at: m, counters: k }) => ({
      at: at(m),
      values: {
        iterations: k.iterations,
        total_stored_programs: k.storedPrograms,
        execution_failed: k.executionFailed,
        duplicates_discarded: k.duplicatesDiscarded,
        version_mismatch_discarded: k.versionMismatchDiscarded,
        parallel_prompts: k.parallelPrompts,
        sequential_prompts: k.sequentialPrompts,
        prompts_skipped: k.promptsSkipped,
        prompts_fewer_clusters: k.promptsFewerClusters,
        prompts_uniform_fallback: k.promptsUniformFallback,
        prompts_duplicate_examples: k.promptsWithDuplicateExamples,
        duplicate_examples: k.duplicateExamples,
        cumulative_evaluator_cpu_time: k.cumulative.cpuSeconds.value ?? 0,
        cumulative_sampler_gpu_time: k.cumulative.gpuSeconds.value ?? 0,
        cumulative_input_tokens: k.cumulative.inputTokens.value ?? 0,
        cumulative_output_tokens: k.cumulative.outputTokens.value ?? 0,
        cumulative_cost: k.cumulative.cost.value ?? 0,
      },
    })),
    missing: {
      migrations: 'a FunSearch-style database does not migrate programs; islands meet only through resets',
      featureMaps: 'a FunSearch-style database keeps clusters, not a MAP-Elites grid',
    },
  };
  return {
    run: {
      name: c.name,
      framework: 'funsearch',
      task: c.template.task,
      language: 'python',
      scoreMetric: 'combined_score',
      higherIsBetter: true,
      sourceKind: 'demo',
      modelConfig: { model: SAMPLER_MODEL.name, simulated: true },
      config: { seed: c.seed, iterations: c.iterations, bug_rate: c.bugRate, snapshot_every: c.snapshotEvery },
      meta: {
        generatedBy: 'lib/services/demo/funsearch',
        simulated: 'tokens, GPU seconds and cost (lib/services/demo/funsearch/sampler.ts SAMPLER_MODEL) and the clock; scores, output hashes, failures and CPU seconds come from the real evaluator',
      },
    },
    programs: search.programs.map((p) => program(search, p)),
    warnings: [],
    stats: { programs: search.programs.length, snapshots: search.snapshots.length, resets: search.resets.length },
    searchState,
  };
}
