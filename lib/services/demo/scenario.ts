// A deterministic OpenEvolve-like run as plain data: islands, MAP-Elites-ish parent
// selection, an "LLM" that edits code (edits.ts), the task's real evaluator (through the
// injected `score`, see score.ts), island migration and a population cap, with the state
// snapshotted every checkpoint interval. Same config, seed and evaluator results, same run,
// byte for byte: every draw comes from the seeded Rng, and results come from the cache.
import { Rng } from '../../analysis/rng';
import { comment, injectBug, prune, readd, refine, retune, rewrite, type DeletedChunk, type Edit, type EditDetail, type EditKind } from './edits';
import { deletedRuns } from './diffBlocks';
import { buildResponse, buildUserPrompt, rationale, type PromptMode, type PromptProgram, type PromptRecord } from './prompts';
import type { ProgramTemplate } from './programs/types';
import { OPENEVOLVE_INT_KEYS, toPyJson } from './pyJson';
import type { ScoreProgram } from './score';

const artifactsJson = (a: Record<string, unknown> | null) => (a ? toPyJson(a, { intKeys: OPENEVOLVE_INT_KEYS }) : null);

export interface ScenarioConfig {
  name: string;
  seed: number;
  template: ProgramTemplate;
  iterations: number;
  islands: number;
  /** Programs kept per island after each checkpoint (older, worse ones drop out). */
  populationPerIsland: number;
  checkpointInterval: number;
  migrationInterval: number;
  mode: PromptMode;
  /** Seconds since the epoch of the seed program. */
  baseTime: number;
  /** Whether the writer adds the (non-standard) db/programs/ directory. */
  writeDb: boolean;
  /** Share of children that get a bug on top of their edit. */
  bugRate: number;
}

/** Why a program exists; not part of the OpenEvolve files, used by tests and reports. */
export interface ProgramNote {
  iteration: number;
  island: number;
  edit: EditKind | 'seed' | 'migrant' | 'agent';
  failed: boolean;
  bug?: string;
  detail?: EditDetail;
}

export interface DemoProgram {
  id: string;
  code: string;
  language: string;
  parentId: string | null;
  generation: number;
  timestamp: number;
  iterationFound: number;
  metrics: Record<string, number | boolean>;
  metadata: Record<string, unknown>;
  prompts: Record<string, PromptRecord> | null;
  artifactsJson: string | null;
  note: ProgramNote;
}

export interface FeatureStat {
  min: number;
  max: number;
  values: number[];
}

export interface CheckpointState {
  iteration: number;
  savedAt: number;
  islands: string[][];
  archive: string[];
  bestProgramId: string;
  islandBestPrograms: (string | null)[];
  islandFeatureMaps: Record<string, string>[];
  currentIsland: number;
  islandGenerations: number[];
  lastMigrationGeneration: number;
  featureStats: { complexity: FeatureStat; diversity: FeatureStat };
}

export interface GeneratedRun {
  config: ScenarioConfig;
  /** In creation order. */
  programs: DemoProgram[];
  checkpoints: CheckpointState[];
  bestProgramId: string;
  finishedAt: number;
}

interface Live {
  p: DemoProgram;
  lines: string[];
  history: DeletedChunk[];
  fitness: number;
  artifacts: Record<string, unknown> | null;
  complexity: number;
  diversity: number;
}

const HISTORY_CAP = 80;

function kindWeights(): [EditKind, number][] {
  return [
    ['retune', 0.36],
    ['refine', 0.17],
    ['retune+refine', 0.07],
    ['prune', 0.08],
    ['readd', 0.12],
    ['comment', 0.08],
    ['rewrite', 0.015],
  ];
}

function applyKind(kind: EditKind, lines: string[], ctx: Parameters<typeof retune>[1], jackpot = false): Edit | null {
  switch (kind) {
    case 'retune':
      return retune(lines, ctx);
    case 'refine':
      return refine(lines, ctx);
    case 'retune+refine': {
      const a = refine(lines, ctx);
      if (!a) return null;
      const b = retune(a.lines, ctx);
      return b ? { lines: b.lines, detail: { ...a.detail, knobs: b.detail.knobs } } : a;
    }
    case 'prune':
      return prune(lines, ctx);
    case 'readd':
      return readd(lines, ctx);
    case 'comment':
      return comment(lines, ctx);
    case 'rewrite':
      return rewrite(lines, ctx, { jackpot }) ?? rewrite(lines, ctx);
  }
}

/** Runs the scenario; every program's metrics are what `score` (its real evaluator) returns. */
export async function generateRun(config: ScenarioConfig, score: ScoreProgram): Promise<GeneratedRun> {
  const t = config.template;
  const root = new Rng(config.seed);
  const ids = root.fork('ids');
  const clock = root.fork('clock');
  const select = root.fork('selection');
  const llm = root.fork('llm');
  const K = config.islands;

  const programs: DemoProgram[] = [];
  const live = new Map<string, Live>();
  const islands: string[][] = Array.from({ length: K }, () => []);
  const islandGenerations = new Array<number>(K).fill(0);
  const features = { complexity: [] as number[], diversity: [] as number[] };
  const checkpoints: CheckpointState[] = [];
  let lastMigrationGeneration = 0;
  let bestId = '';
  const seedSet = new Set(t.seed);

  const evaluate = (code: string) => score(code, t);
  const add = (l: Live, island: number) => {
    programs.push(l.p);
    live.set(l.p.id, l);
    islands[island].push(l.p.id);
    features.complexity.push(l.complexity);
    features.diversity.push(l.diversity);
    if (l.fitness > (bestId ? live.get(bestId)!.fitness : -Infinity)) bestId = l.p.id;
  };
  const featuresOf = (lines: string[]) => {
    const set = new Set(lines);
    let d = 0;
    for (const x of set) if (!seedSet.has(x)) d++;
    for (const x of seedSet) if (!set.has(x)) d++;
    return { complexity: lines.join('\n').length, diversity: d };
  };

  // Iteration 0: the initial program, on island 0.
  let now = config.baseTime + clock.float(0.2, 0.9);
  const seedCode = `${t.seed.join('\n')}\n`;
  const seedEval = await evaluate(seedCode);
  const seedLive: Live = {
    p: {
      id: ids.uuid(),
      code: seedCode,
      language: t.language,
      parentId: null,
      generation: 0,
      timestamp: now,
      iterationFound: 0,
      metrics: seedEval.metrics,
      metadata: { island: 0 },
      prompts: null,
      artifactsJson: artifactsJson(seedEval.artifacts),
      note: { iteration: 0, island: 0, edit: 'seed', failed: seedEval.failed },
    },
    lines: t.seed.slice(),
    history: [],
    fitness: seedEval.fitness,
    artifacts: seedEval.artifacts,
    ...featuresOf(t.seed),
  };
  add(seedLive, 0);
  islandGenerations[0]++;
  now += seedEval.evalSeconds;

  // A few structural rewrites are planned so every run has some; more happen by chance.
  // The first two go for jackpot approaches on the current best program (an elite pick):
  // the run's big jumps come early, then it is mostly tuning ("jackpot-then-flat").
  const n = config.iterations;
  const windows = [[0.06, 0.14], [0.2, 0.32], [0.45, 0.6], [0.7, 0.9]];
  const planned = new Map(windows.map(([lo, hi], k) => [select.int(Math.round(lo * n), Math.round(hi * n)), k < 2] as const));

  const valid = (id: string) => live.get(id)!.fitness > -Infinity;
  const byFitness = (a: string, b: string) => live.get(b)!.fitness - live.get(a)!.fitness;

  const pickParent = (island: number): Live => {
    const pool = islands[island].filter(valid);
    if (!pool.length) return seedLive;
    const r = select.next();
    if (r < 0.5) {
      const elites = [...new Set(Object.values(featureMap(pool)))].sort(byFitness);
      return live.get(select.weighted(elites.map((id, k) => [id, 0.7 ** k] as const)))!;
    }
    // Exploration favours recent programs: the LLM keeps working on what it just produced.
    if (r < 0.82) return live.get(select.weighted(pool.map((id, k) => [id, 0.8 ** (pool.length - 1 - k)] as const)))!;
    const archive = [...live.keys()].filter((id) => valid(id) && isAlive(id)).sort(byFitness).slice(0, 10);
    return live.get(select.pick(archive))!;
  };
  const isAlive = (id: string) => islands.some((isl) => isl.includes(id));
  const bestAlive = () => islands.flat().filter(valid).sort(byFitness)[0] ?? seedLive.p.id;

  const featureMap = (ids: string[]): Record<string, string> => {
    const bin = (v: number, xs: number[]) => {
      const lo = Math.min(...xs);
      const hi = Math.max(...xs);
      return hi > lo ? Math.min(9, Math.floor(((v - lo) / (hi - lo)) * 10)) : 0;
    };
    const map: Record<string, string> = {};
    for (const id of ids) {
      const l = live.get(id)!;
      const key = `${bin(l.complexity, features.complexity)}-${bin(l.diversity, features.diversity)}`;
      if (!map[key] || l.fitness > live.get(map[key])!.fitness) map[key] = id;
    }
    return map;
  };

  const promptProgram = (l: Live): PromptProgram => ({
    code: l.p.code,
    metrics: l.p.metrics,
    changes: l.p.metadata.changes as string | undefined,
    parentMetrics: l.p.metadata.parent_metrics as Record<string, number | boolean> | undefined,
    artifacts: l.artifacts,
  });

  for (let it = 1; it <= n; it++) {
    const island = (it - 1) % K;
    const jackpot = planned.get(it) === true;
    const parent = jackpot ? live.get(bestAlive())! : pickParent(island);
    const ctx = { template: t, rng: llm, history: parent.history };
    // Short-span churn (paper, B.8): a fresh parent that just deleted something often gets
    // it back in its very next child.
    const lastDeletion = parent.history[parent.history.length - 1]?.iteration ?? -1;
    const undo = lastDeletion === parent.p.note.iteration && it - lastDeletion <= 12 && llm.chance(0.5);
    let kind: EditKind = planned.has(it) ? 'rewrite' : undo ? 'readd' : llm.weighted(kindWeights());
    let edit = applyKind(kind, parent.lines, ctx, jackpot);
    for (const fallback of ['retune', 'refine', 'comment'] as EditKind[]) {
      if (edit && edit.lines.join('\n') !== parent.lines.join('\n')) break;
      kind = fallback;
      edit = applyKind(kind, parent.lines, ctx);
    }
    if (!edit) throw new Error(`demo scenario: no edit applies at iteration ${it}`);
    let lines = edit.lines;
    let bug: string | undefined;
    if (llm.chance(config.bugRate) && !jackpot) {
      const b = injectBug(lines, ctx);
      if (b) ({ lines, bug } = b);
    }
    const code = `${lines.join('\n')}\n`;
    const result = await evaluate(code);

    const text = rationale(kind, edit.detail, t, llm);
    const { response, changes } = buildResponse({ template: t, mode: config.mode, parentLines: parent.lines, childLines: lines, text });
    const recent = islands[island]
      .map((id) => live.get(id)!)
      .filter((l) => l.p.note.edit !== 'migrant' && l.p.note.edit !== 'seed')
      .slice(-3)
      .reverse();
    const top = islands[island]
      .filter((id) => valid(id) && id !== parent.p.id)
      .sort(byFitness)
      .slice(0, 2)
      .map((id) => promptProgram(live.get(id)!));
    const user = buildUserPrompt({ template: t, mode: config.mode, parent: promptProgram(parent), previous: recent.map(promptProgram), top });

    now += clock.float(14, config.mode === 'full' ? 95 : 70) + result.evalSeconds;
    const history = [...parent.history, ...deletedRuns(parent.lines, lines).map((r) => ({ ...r, iteration: it, structural: kind === 'rewrite' }))].slice(-HISTORY_CAP);
    const child: Live = {
      p: {
        id: ids.uuid(),
        code,
        language: t.language,
        parentId: parent.p.id,
        generation: parent.p.generation + 1,
        timestamp: now,
        iterationFound: it,
        metrics: result.metrics,
        metadata: { changes, parent_metrics: parent.p.metrics, island },
        prompts: { [config.mode === 'diff' ? 'diff_user' : 'full_rewrite_user']: { system: t.systemMessage, user, responses: [response] } },
        artifactsJson: artifactsJson(result.artifacts),
        note: { iteration: it, island, edit: kind, failed: result.failed, bug, detail: edit.detail },
      },
      lines,
      history,
      fitness: result.fitness,
      artifacts: result.artifacts,
      ...featuresOf(lines),
    };
    add(child, island);
    islandGenerations[island]++;

    if (it % config.migrationInterval === 0) {
      lastMigrationGeneration = Math.max(...islandGenerations);
      for (let i = 0; i < K; i++) {
        const src = islands[i].filter((id) => valid(id) && live.get(id)!.p.note.edit !== 'migrant').sort(byFitness)[0];
        const target = (i + 1) % K;
        if (!src || islands[target].some((id) => live.get(id)!.p.code === live.get(src)!.p.code)) continue;
        const s = live.get(src)!;
        now += clock.float(0.0002, 0.002);
        add(
          {
            ...s,
            p: {
              ...s.p,
              id: ids.uuid(),
              parentId: s.p.id,
              timestamp: now,
              iterationFound: 0,
              metadata: { ...s.p.metadata, island: target, migrant: true },
              prompts: null,
              artifactsJson: null,
              note: { iteration: it, island: target, edit: 'migrant', failed: false },
            },
          },
          target,
        );
      }
    }

    if (it % config.checkpointInterval === 0 || it === n) {
      const alive = islands.flat();
      const stat = (xs: number[]): FeatureStat => ({ min: Math.min(...xs), max: Math.max(...xs), values: xs.slice() });
      checkpoints.push({
        iteration: it,
        savedAt: now + clock.float(0.05, 0.6),
        islands: islands.map((isl) => isl.slice()),
        archive: alive.filter(valid).sort(byFitness).slice(0, 20),
        bestProgramId: bestId,
        islandBestPrograms: islands.map((isl) => isl.filter(valid).sort(byFitness)[0] ?? null),
        islandFeatureMaps: islands.map((isl) => featureMap(isl)),
        currentIsland: it % K,
        islandGenerations: islandGenerations.slice(),
        lastMigrationGeneration,
        featureStats: { complexity: stat(features.complexity), diversity: stat(features.diversity) },
      });
      // Population cap, applied right after a checkpoint so every program is saved at least once.
      for (let i = 0; i < K; i++) {
        const protect = new Set([bestId, islands[i].filter(valid).sort(byFitness)[0]]);
        const evictable = islands[i].filter((id) => !protect.has(id)).sort((a, b) => -byFitness(a, b));
        const drop = new Set(evictable.slice(0, Math.max(0, islands[i].length - config.populationPerIsland)));
        islands[i] = islands[i].filter((id) => !drop.has(id));
      }
    }
  }

  return { config, programs, checkpoints, bestProgramId: bestId, finishedAt: now };
}
