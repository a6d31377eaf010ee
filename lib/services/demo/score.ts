// Scores demo programs with their task's real evaluator (evaluators/), run in the sandbox by
// evaluateProgram (or an injected function with its signature), behind a content-addressed result cache: the
// key is the sha256 of the evaluator's files and the program (evaluators/bundles.ts), the
// value what the evaluator returned. A second generation therefore re-uses every result and
// is byte-identical; nothing here invents a score.
import fs from 'node:fs';
import path from 'node:path';
import { evaluateProgram } from '../../sandbox/evaluators/evaluate';
import type { EvaluationOutcome, EvaluatorBundle } from '../../contracts/evaluatorTypes';
import { assessValidity } from '../../trace/validity';
import { dataDir } from '../../contracts/env';
import { demoEvaluatorBundle, evaluationKey } from './evaluators/bundles';
import type { ProgramTemplate } from './programs/types';

export type EvaluateFn = (
  bundle: EvaluatorBundle,
  program: { source: string; language: string },
  opts?: { testSet?: 'public' | 'private'; signal?: AbortSignal },
) => Promise<EvaluationOutcome>;

/** What the scenario needs to know about one evaluated program. */
export interface ProgramScore {
  /** The metrics exactly as the evaluator returned them. */
  metrics: Record<string, number | boolean>;
  /** OpenEvolve's artifacts side channel: the evaluator's stderr for a failed program. */
  artifacts: Record<string, unknown> | null;
  failed: boolean;
  /** combined_score, or -Infinity for a failed program (never selected as a parent). */
  fitness: number;
  /** Wall-clock seconds the evaluation took (as cached), for timestamps. */
  evalSeconds: number;
}

export type ScoreProgram = (code: string, template: ProgramTemplate) => Promise<ProgramScore>;

/** The part of an outcome the cache keeps. */
export interface CachedEvaluation {
  status: EvaluationOutcome['status'];
  metrics: Record<string, unknown>;
  score: number | null;
  stderr: string;
  message?: string;
  wallMs: number;
}

/**
 * <data dir>/cache/demo-evaluations, or EVOSCOPE_DEMO_CACHE_DIR: several checkouts (or test
 * data folders) may share one cache, since a key says exactly what was evaluated.
 */
export const defaultCacheDir = () => path.resolve(process.env.EVOSCOPE_DEMO_CACHE_DIR || path.join(dataDir(), 'cache', 'demo-evaluations'));

export interface ScorerOptions {
  evaluate?: EvaluateFn;
  /** Folder of the result cache; null: no cache (every call evaluates). */
  cacheDir?: string | null;
  testSet?: 'public' | 'private';
  /** Counts evaluations run and cache hits, for reports and tests. */
  stats?: { evaluated: number; cached: number };
}

/** Evaluates (or finds in the cache) one program against a bundle. */
export function cachedEvaluator(opts: ScorerOptions = {}) {
  const evaluate = opts.evaluate ?? evaluateProgram;
  const dir = opts.cacheDir === undefined ? defaultCacheDir() : opts.cacheDir;
  const testSet = opts.testSet ?? 'public';
  const pending = new Map<string, Promise<CachedEvaluation>>();
  return (bundle: EvaluatorBundle, source: string, language: string): Promise<CachedEvaluation> => {
    const key = evaluationKey(bundle, source, testSet);
    const file = dir ? path.join(dir, key.slice(0, 2), `${key}.json`) : null;
    let p = pending.get(key);
    if (!p) {
      p = (async () => {
        const hit = file ? await readOrClaim(file) : null;
        if (hit) {
          if (opts.stats) opts.stats.cached++;
          return hit;
        }
        try {
          return await evaluateAndStore();
        } finally {
          if (file) fs.rmSync(`${file}.lock`, { force: true });
        }
      })();
      pending.set(key, p);
    }
    return p;

    async function evaluateAndStore(): Promise<CachedEvaluation> {
      const o = await evaluate(bundle, { source, language }, { testSet });
      if (opts.stats) opts.stats.evaluated++;
      const entry: CachedEvaluation = { status: o.status, metrics: o.metrics, score: o.score, stderr: o.stderr, message: o.message, wallMs: Math.round(o.wallMs) };
      // Only what the evaluator itself returned is worth keeping; a sandbox hiccup is not.
      if (file && o.status === 'ok') {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
        fs.writeFileSync(tmp, JSON.stringify(entry));
        fs.renameSync(tmp, file);
      }
      return entry;
    }
  };
}

/** A claim older than this is taken to be from a process that died while evaluating. */
const STALE_CLAIM_MS = 120_000;

/**
 * The cached result, or null once this process holds the claim to compute it. Several processes
 * generating the demo at once (test files, a test run and `npm start`) would otherwise evaluate
 * every program once each: the first claims a key (`<key>.json.lock`, created exclusively), the
 * others wait for its result.
 */
async function readOrClaim(file: string): Promise<CachedEvaluation | null> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (;;) {
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as CachedEvaluation;
    try {
      fs.writeFileSync(`${file}.lock`, String(process.pid), { flag: 'wx' });
      return null;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const age = Date.now() - (fs.statSync(`${file}.lock`, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    if (age > STALE_CLAIM_MS) fs.rmSync(`${file}.lock`, { force: true });
    else await new Promise((r) => setTimeout(r, 100));
  }
}

const FAILURE_TEXT_CAP = 4000;

/** Turns what the evaluator returned into the scenario's view of the program. */
export function toProgramScore(e: CachedEvaluation, template: ProgramTemplate): ProgramScore {
  if (e.status !== 'ok') {
    // The demo's own evaluators always return metrics; anything else is a set-up problem, and
    // a demo program must never get a score its evaluator did not give.
    throw new Error(`demo data: the ${template.evaluator} evaluator did not return metrics (${e.status}): ${e.message ?? ''}\n${e.stderr.slice(-2000)}`);
  }
  const metrics = Object.fromEntries(Object.entries(e.metrics).filter(([, v]) => typeof v === 'number' || typeof v === 'boolean')) as Record<string, number | boolean>;
  const { valid } = assessValidity(metrics, 'combined_score');
  let artifacts: Record<string, unknown> | null = null;
  if (!valid) {
    const text = e.stderr.trim().slice(-FAILURE_TEXT_CAP);
    const first = text.split('\n')[0] ?? '';
    const stage = /^compile error/.test(first) ? 'compile' : /^validation:/.test(first) ? 'validation' : 'evaluation';
    artifacts = stage === 'compile' ? { compile_stderr: text, failure_stage: stage } : { stderr: text, failure_stage: stage };
    if (/^timeout:|time limit exceeded/.test(first)) artifacts.timeout = true;
  }
  return {
    metrics,
    artifacts,
    failed: !valid,
    fitness: valid ? (metrics.combined_score as number) : -Infinity,
    evalSeconds: e.wallMs / 1000,
  };
}

/** The scorer the demo generator uses: each template's own evaluator, cached. */
export function demoScorer(opts: ScorerOptions = {}): ScoreProgram {
  const run = cachedEvaluator(opts);
  const bundles = new Map<string, EvaluatorBundle>();
  return async (code, template) => {
    let b = bundles.get(template.evaluator);
    if (!b) bundles.set(template.evaluator, (b = demoEvaluatorBundle(template.evaluator)));
    return toProgramScore(await run(b, code, template.language), template);
  };
}
