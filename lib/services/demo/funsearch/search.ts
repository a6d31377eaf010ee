// A FunSearch-style search as plain data: a programs database of islands of clusters, built
// with the pure functions of lib/analysis/programsDatabase (temperature schedule, cluster
// softmax, within-cluster length preference, prompt sampling, island reset plans and the reset
// rule, counters replayed from the event log). Samplers work in batches of 1..maxBatch prompts
// built from the same database state (the later ones are "parallel prompts"), one batch ahead
// of registration; their children are evaluated for real (score.ts), then registered one by one: a failure is counted, an output hash
// the island already holds is discarded as a duplicate (the seed implementation's per-island hash
// set, cleared at a reset), and a child whose island was reset after its prompt was built is
// discarded as a version mismatch. Every draw comes from seeded Rng streams; same seed and same
// cached evaluations, same search, byte for byte.
import { groupClusters, type DbProgram } from '../../../analysis/programsDatabase/clusters';
import { replayCounters, type DbEvent, type ResultOutcome } from '../../../analysis/programsDatabase/counters';
import { behaviourKey } from '../../../analysis/programsDatabase/dedup';
import { planIslandReset, resetDue } from '../../../analysis/programsDatabase/islands';
import { samplePrompt } from '../../../analysis/programsDatabase/prompt';
import { temperatureAt } from '../../../analysis/programsDatabase/temperature';
import { Rng } from '../../../analysis/rng';
import type { ProgramTemplate } from '../programs/types';
import { buildPrompt, samplerCost, sampleChild, type FsEditKind, type SamplerCost } from './sampler';
import type { FunSearchScore, ScoreCandidate } from './score';

export interface FunSearchConfig {
  name: string;
  seed: number;
  template: ProgramTemplate;
  /** Results processed (FunSearch's iterations). */
  iterations: number;
  numIslands: number;
  functionsPerPrompt: number;
  /** The seed's rule: every island holds at least this many programs -> the weaker half is reset. */
  resetPrograms: number;
  temperatureInit: number;
  /** Programs stored on an island before its temperature returns to init. */
  temperaturePeriod: number;
  /** Samplers working at once: each batch has 1..maxBatch prompts from one database state. */
  maxBatch: number;
  bugRate: number;
  /** A snapshot of every island after every this many iterations (and at the end). */
  snapshotEvery: number;
  /** Seconds since the epoch at which the search starts (a simulated clock from there). */
  baseTime: number;
}

export type Outcome = ResultOutcome | 'seed' | 'founder';

export interface FsPrompt {
  text: string;
  island: number;
  temperature: number;
  storedOnIsland: number;
  examples: string[];
  fallback: string | null;
  fewerClusters: boolean;
  duplicates: number;
  /** Programs stored in the whole database when the prompt was built. */
  stateStored: number;
}

export interface FsProgram {
  id: string;
  code: string;
  island: number;
  /** Iteration whose result this is (0 for seeds; a reset's founders: the iteration that reset). */
  iteration: number;
  timestamp: number;
  outcome: Outcome;
  result: FunSearchScore;
  /** The prompt's few-shot examples (seeds: none; founders: the donor's best). */
  parents: string[];
  prompt: (FsPrompt & SamplerCost) | null;
  response: string | null;
  edit: FsEditKind | null;
  bug: string | null;
}

export interface FsMoment {
  iteration: number;
  timestamp: number;
  stored: number;
}

export interface FsIslandState {
  island: number;
  programs: string[];
  temperature: number;
  storedSinceReset: number;
  clusters: { scoresPerTest: Record<string, number>; score: number; programs: string[] }[];
  bestScore: number | null;
  bestProgram: string | null;
}

export interface FsSearch {
  config: FunSearchConfig;
  programs: FsProgram[];
  snapshots: { at: FsMoment; islands: FsIslandState[] }[];
  resets: { at: FsMoment; island: number; donorIsland: number; program: string; founder: string }[];
  /** The database's event log (what counters.ts replays) and the moment after each event. */
  events: DbEvent[];
  eventMoments: FsMoment[];
}

interface Island {
  programs: (DbProgram & { score: number })[];
  hashes: Set<string>;
  version: number;
}

export async function runFunSearch(config: FunSearchConfig, score: ScoreCandidate): Promise<FsSearch> {
  const root = new Rng(config.seed);
  const select = root.fork('selection');
  const llm = root.fork('llm');
  const clock = root.fork('clock');
  const K = config.numIslands;
  const programs: FsProgram[] = [];
  const byId = new Map<string, FsProgram>();
  const events: DbEvent[] = [];
  const eventMoments: FsMoment[] = [];
  const snapshots: FsSearch['snapshots'] = [];
  const resets: FsSearch['resets'] = [];
  let now = config.baseTime;
  let iteration = 0;
  let stored = 0;
  let resetCount = 0;
  let nextId = 0;
  const moment = (): FsMoment => ({ iteration, timestamp: Math.round(now * 1000) / 1000, stored });
  const log = (e: DbEvent) => {
    events.push(e);
    eventMoments.push(moment());
  };
  const record = (p: FsProgram) => {
    programs.push(p);
    byId.set(p.id, p);
  };
  const register = (island: Island, p: FsProgram) => {
    island.programs.push({ id: p.id, code: p.code, scoresPerTest: p.result.scoresPerTest!, score: p.result.score!, outputHash: p.result.outputHash });
    island.hashes.add(behaviourKey({ id: p.id, outputHash: p.result.outputHash })!.key);
  };

  // The initial program, evaluated once and registered on every island (initial_program_copies = 1).
  const seedCode = `${config.template.seed.join('\n')}\n`;
  const seedResult = await score(seedCode);
  if (seedResult.failed) throw new Error(`demo data: the FunSearch seed program fails: ${seedResult.error}`);
  const islands: Island[] = Array.from({ length: K }, (_, k) => {
    const island: Island = { programs: [], hashes: new Set(), version: 0 };
    const p: FsProgram = { id: `seed-i${k}`, code: seedCode, island: k, iteration: 0, timestamp: now, outcome: 'seed', result: seedResult, parents: [], prompt: null, response: null, edit: null, bug: null };
    record(p);
    register(island, p);
    return island;
  });
  log({ type: 'seed', count: K });

  const best = (island: Island) => island.programs.reduce((a, b) => (b.score > a.score ? b : a));
  const snapshot = () =>
    snapshots.push({
      at: moment(),
      islands: islands.map((isl, k) => {
        const n = isl.programs.length;
        const b = n ? best(isl) : null;
        return {
          island: k,
          programs: isl.programs.map((p) => p.id),
          temperature: temperatureAt(n, { init: config.temperatureInit, period: config.temperaturePeriod }).temperature,
          storedSinceReset: n,
          clusters: groupClusters(isl.programs).map((c) => ({ scoresPerTest: c.scoresPerTest, score: c.score, programs: c.programs.map((p) => p.id) })),
          bestScore: b?.score ?? null,
          bestProgram: b?.id ?? null,
        };
      }),
    });
  snapshot();

  const maybeReset = () => {
    const due = resetDue({ programsPerIsland: islands.map((i) => i.programs.length), secondsSinceLastReset: 0 }, { resetPrograms: config.resetPrograms });
    if (!due.due) return;
    const plan = planIslandReset(islands.map((i) => best(i).score), { seed: `${config.seed}:reset:${resetCount++}` });
    log({ type: 'reset' });
    // Donors' best programs as they stand before any island of this reset is emptied.
    const donors = plan.reset.map((r) => byId.get(best(islands[r.donor]).id)!);
    plan.reset.forEach((r, k) => {
      const donor = donors[k];
      const founder: FsProgram = { ...donor, id: `founder-${resetCount}-i${r.island}`, island: r.island, iteration, timestamp: now, outcome: 'founder', parents: [donor.id], prompt: null, response: null, edit: null, bug: null };
      record(founder);
      const isl = islands[r.island];
      isl.programs = [];
      isl.hashes = new Set();
      isl.version++;
      register(isl, founder);
      resets.push({ at: moment(), island: r.island, donorIsland: r.donor, program: donor.id, founder: founder.id });
    });
    log({ type: 'seed', count: plan.reset.length });
  };

  type Pending = ReturnType<typeof buildBatch>;
  // A batch of prompts, all built from the database as it stands (the later ones are parallel
  // prompts), and the evaluation of their children, started at once.
  function buildBatch(size: number) {
    const batchStart = now;
    const batch = Array.from({ length: size }, () => {
      const island = select.int(0, K - 1);
      const isl = islands[island];
      const temperature = temperatureAt(isl.programs.length, { init: config.temperatureInit, period: config.temperaturePeriod }).temperature;
      const sample = samplePrompt(groupClusters(isl.programs), { temperature, functionsPerPrompt: config.functionsPerPrompt, random: () => select.next() });
      const examples = sample.examples.map((e) => e.programId);
      const text = buildPrompt(examples.map((id) => byId.get(id)!));
      const child = sampleChild(byId.get(examples[examples.length - 1])!.code, config.template, llm, config.bugRate);
      const cost = samplerCost(`${config.template.systemMessage}\n${text}`, child.code);
      log({ type: 'prompt', fewerClusters: sample.fewerClusters, uniformFallback: sample.fallback !== null, duplicateExamples: sample.duplicates });
      const prompt: FsPrompt & SamplerCost = {
        text,
        island,
        temperature,
        storedOnIsland: isl.programs.length,
        examples,
        fallback: sample.fallback,
        fewerClusters: sample.fewerClusters,
        duplicates: sample.duplicates,
        stateStored: stored,
        ...cost,
      };
      return { prompt, child, version: isl.version, lag: clock.float(0.5, 3) };
    });
    return { batchStart, batch, results: Promise.all(batch.map((b) => score(b.child.code))) };
  }

  // Samplers and evaluators work asynchronously: the next batch of prompts is built before the
  // results of the one in flight are registered, so a reset registered meanwhile makes the
  // in-flight children of the islands it reset arrive with an old version (version mismatch).
  let issued = 0;
  let pending: Pending | null = null;
  while (issued < config.iterations || pending) {
    let next: Pending | null = null;
    if (issued < config.iterations) {
      const size = Math.min(select.int(1, config.maxBatch), config.iterations - issued);
      issued += size;
      next = buildBatch(size);
    }
    if (pending) {
      const { batchStart, batch } = pending;
      const results = await pending.results;
      for (const [k, b] of batch.entries()) {
        const result = results[k];
        const isl = islands[b.prompt.island];
        iteration++;
        now = Math.max(now, batchStart + b.lag + b.prompt.gpuSeconds + result.wallSeconds);
        const key = result.failed ? null : behaviourKey({ id: '', outputHash: result.outputHash })!.key;
        const outcome: ResultOutcome =
          b.version !== isl.version ? 'version_mismatch' : result.failed ? 'execution_failed' : isl.hashes.has(key!) ? 'duplicate' : 'stored';
        const p: FsProgram = {
          id: `fs-${String(++nextId).padStart(4, '0')}`,
          code: b.child.code,
          island: b.prompt.island,
          iteration,
          timestamp: Math.round(now * 1000) / 1000,
          outcome,
          result,
          parents: b.prompt.examples,
          prompt: b.prompt,
          response: b.child.code,
          edit: b.child.kind,
          bug: b.child.bug,
        };
        record(p);
        if (outcome === 'stored') {
          register(isl, p);
          stored++;
        }
        log({ type: 'result', outcome, cpuSeconds: result.cpuSeconds, gpuSeconds: b.prompt.gpuSeconds, inputTokens: b.prompt.inputTokens, outputTokens: b.prompt.outputTokens, cost: b.prompt.cost });
        if (outcome === 'stored') maybeReset();
        if (iteration % config.snapshotEvery === 0 || iteration === config.iterations) snapshot();
      }
    }
    pending = next;
  }
  return { config, programs, snapshots, resets, events, eventMoments };
}

/** The seed's counters after every event (counters.ts), with the moment each holds at. */
export function countersOverTime(search: FsSearch) {
  return replayCounters(search.events).map((c) => ({ at: search.eventMoments[c.at], counters: c }));
}
