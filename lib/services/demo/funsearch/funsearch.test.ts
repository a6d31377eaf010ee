// The FunSearch demo run: a real search (every program scored by the bin-packing evaluator in the
// sandbox, results cached) whose database state keeps the seed's invariants.
import { beforeAll, describe, expect, it } from 'vitest';
import { clusterProbabilities, signatureKey } from '../../../analysis/programsDatabase/clusters';
import { programRecordSchema, type ImportedRun } from '../../../trace/schema';
import { searchStateSchema, type SearchState } from '../../../trace/searchState';
import { FUNSEARCH_DEMO, generateFunSearchDemo } from './config';
import { funSearchScorer } from './score';

let run: ImportedRun;
let state: SearchState;
let firstMs = 0;
beforeAll(async () => {
  const t = performance.now();
  run = await generateFunSearchDemo();
  firstMs = performance.now() - t;
  state = searchStateSchema.parse(run.searchState);
}, 900_000);

const byId = () => new Map(run.programs.map((p) => [p.externalId, p]));
const outcome = (p: { metadata?: unknown }) => (p.metadata as { outcome: string }).outcome;

describe('FunSearch demo run', () => {
  it('is byte-identical from the cache (no evaluation the second time) and differs for another seed', async () => {
    const stats = { evaluated: 0, cached: 0 };
    const t = performance.now();
    const again = await generateFunSearchDemo({ score: funSearchScorer({ stats }) });
    const cachedMs = performance.now() - t;
    expect(stats.evaluated).toBe(0);
    expect(stats.cached).toBe(new Set(run.programs.map((p) => p.code)).size);
    expect(JSON.stringify(again)).toBe(JSON.stringify(run));
    console.log(`FunSearch demo: ${Math.round(firstMs)} ms first here, ${Math.round(cachedMs)} ms from the cache, ${stats.cached} distinct programs`);
    // Another seed, on a short run (its new programs must be evaluated too).
    const short = await generateFunSearchDemo({ seedOffset: 1, overrides: { iterations: 24 }, score: funSearchScorer() });
    const head = run.programs.slice(0, short.programs.length);
    expect(JSON.stringify(short.programs.map((p) => p.code))).not.toBe(JSON.stringify(head.map((p) => p.code)));
  }, 900_000);

  it('has valid records, 10 islands, scores_per_test and output hashes from the evaluator, real failures', () => {
    for (const p of run.programs) programRecordSchema.parse(p);
    expect(state.config).toMatchObject({ num_islands: 10, functions_per_prompt: 2, cluster_sampling_temperature_period: FUNSEARCH_DEMO.temperaturePeriod });
    expect(new Set(run.programs.map((p) => p.island))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    const ok = run.programs.filter((p) => p.valid);
    expect(ok.every((p) => Object.keys(p.scoresPerTest ?? {}).length === 4 && /^[0-9a-f]{16}$/.test(p.outputHash ?? ''))).toBe(true);
    const failed = run.programs.filter((p) => !p.valid);
    expect(failed.length).toBeGreaterThan(5);
    const reasons = failed.map((p) => p.invalidReason ?? '');
    for (const re of [/SyntaxError/, /NameError/, /timeout/, /shape/, /non-finite/]) expect(reasons.some((r) => re.test(r))).toBe(true);
    // Parents of generated programs are the prompt's examples, which existed before.
    const ids = byId();
    for (const p of run.programs) for (const q of p.parents ?? []) expect(ids.get(q.externalId)!.iteration!).toBeLessThanOrEqual(p.iteration!);
  });

  it('clusters group identical scores_per_test, cover the island, and their probabilities sum to 1', () => {
    const ids = byId();
    for (const s of state.snapshots) {
      for (const isl of s.islands) {
        const clusters = isl.clusters!;
        const keys = clusters.map((c) => signatureKey(c.scoresPerTest as Record<string, number>));
        expect(new Set(keys).size).toBe(keys.length);
        clusters.forEach((c, k) => {
          for (const id of c.programs) expect(signatureKey(ids.get(id)!.scoresPerTest as Record<string, number>)).toBe(keys[k]);
        });
        expect(clusters.flatMap((c) => c.programs).sort()).toEqual([...isl.programs!].sort());
        const probs = clusterProbabilities(clusters.map((c) => ({ score: c.score! })), isl.temperature!).probs;
        expect(probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      }
    }
  });

  it('the temperature follows the stated period and cycles within the run; probabilities differ between moments', () => {
    const { temperatureInit: init, temperaturePeriod: period } = FUNSEARCH_DEMO;
    let cycled = 0;
    for (const s of state.snapshots) {
      for (const isl of s.islands) {
        expect(isl.temperature).toBeCloseTo(init * (1 - (isl.storedSinceReset! % period) / period), 12);
        if (isl.storedSinceReset! >= period) cycled++;
      }
    }
    expect(cycled).toBeGreaterThan(0);
    const temps = new Set(state.snapshots.flatMap((s) => s.islands.map((i) => i.temperature)));
    expect(temps.size).toBeGreaterThanOrEqual(4);
    // Some island with 2+ clusters at two moments with different temperatures.
    const multi = state.snapshots.flatMap((s) => s.islands.filter((i) => i.clusters!.length >= 2).map((i) => ({ s, i })));
    expect(new Set(multi.map((m) => m.i.temperature)).size).toBeGreaterThanOrEqual(2);
  });

  it('resets take the weaker half from a survivor best; the counters are monotone and match the programs', () => {
    const ids = byId();
    expect(state.events.length).toBeGreaterThanOrEqual(5);
    const rounds = new Map<number, SearchState['events']>();
    for (const e of state.events) rounds.set(e.at.iteration!, [...(rounds.get(e.at.iteration!) ?? []), e]);
    for (const events of rounds.values()) {
      expect(events).toHaveLength(5);
      const resetIslands = new Set(events.map((e) => (e.kind === 'reset' ? e.island : -1)));
      for (const e of events) {
        if (e.kind !== 'reset') throw new Error('no migrations expected');
        expect(resetIslands.has(e.donorIsland!)).toBe(false);
        expect(ids.get(e.program!)!.island).toBe(e.donorIsland);
      }
    }
    const names = Object.keys(state.counters[0].values) as (keyof SearchState['counters'][number]['values'])[];
    for (let k = 1; k < state.counters.length; k++) {
      for (const n of names) expect(state.counters[k].values[n]!).toBeGreaterThanOrEqual(state.counters[k - 1].values[n]!);
    }
    const last = state.counters.at(-1)!.values;
    const count = (o: string) => run.programs.filter((p) => outcome(p) === o).length;
    expect(last).toMatchObject({
      iterations: FUNSEARCH_DEMO.iterations,
      total_stored_programs: count('stored'),
      execution_failed: count('execution_failed'),
      duplicates_discarded: count('duplicate'),
      version_mismatch_discarded: count('version_mismatch'),
    });
    expect(last.duplicates_discarded).toBeGreaterThan(0);
    expect(last.parallel_prompts).toBeGreaterThan(0);
    expect(last.sequential_prompts).toBeGreaterThan(0);
    expect(last.parallel_prompts! + last.sequential_prompts!).toBe(FUNSEARCH_DEMO.iterations);
    // The prompt edge cases are counted from the prompts each program's metadata records.
    const meta = (k: string) => run.programs.map((p) => (p.metadata as Record<string, unknown> | undefined)?.[k]);
    expect(last.prompts_fewer_clusters).toBe(meta('fewerClusters').filter((v) => v === true).length);
    expect(last.prompts_fewer_clusters).toBeGreaterThan(0);
    expect(last.duplicate_examples).toBe(meta('duplicateExamples').reduce<number>((s, v) => s + (typeof v === 'number' ? v : 0), 0));
    expect(last.prompts_skipped).toBe(0);
    expect(last.cumulative_cost).toBeCloseTo(run.programs.reduce((s, p) => s + (p.contexts?.[0]?.cost ?? 0), 0), 9);
  });

  it('a discarded duplicate repeats the output hash of a program its island held at that moment', () => {
    const snapshotsByIteration = state.snapshots;
    for (const p of run.programs.filter((q) => outcome(q) === 'duplicate')) {
      const before = run.programs.filter((q) => q.island === p.island && q.outputHash === p.outputHash && q.iteration! <= p.iteration! && ['seed', 'stored', 'founder'].includes(outcome(q)));
      expect(before.length).toBeGreaterThan(0);
    }
    expect(snapshotsByIteration.length).toBeGreaterThan(5);
  });

  it('a version-mismatch discard comes from a prompt built before its island was reset', () => {
    const mismatched = run.programs.filter((q) => outcome(q) === 'version_mismatch');
    expect(mismatched.length).toBeGreaterThan(0);
    expect(mismatched.length).toBe(state.counters.at(-1)!.values.version_mismatch_discarded);
    for (const p of mismatched) {
      const promptStored = (p.metadata as { promptStored: number }).promptStored;
      const reset = state.events.find((e) => e.kind === 'reset' && e.island === p.island && e.at.iteration! < p.iteration! && e.at.stored! >= promptStored);
      expect(reset).toBeDefined();
    }
  });
});
