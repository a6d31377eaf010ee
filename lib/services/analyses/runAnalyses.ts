// Computes and stores every analysis report of a run (worker task run-analyses; the CLI's
// `analyze <runId>` reads the programs through loadAnalysisPrograms). Programs are read page by
// page in canonical order; the reports are built by the pure functions in lib/analysis and
// upserted into `analyses`, independent steps side by side (computeRunAnalyses), with progress
// for the run's pages (lib/db/analysesProgress.ts).
import { computeRunDuplicates } from '../../db/duplicates';
import { evoreplayRawScore } from '../../analysis/fromTrace';
import { ANALYSIS, cyclingParams, REPORT_VERSION } from '../../analysis/reportTypes';
import type { Complexity } from '../../analysis/complexity';
import type { PoolOptions } from '../../analysis/complexityPool';
import { CYCLING_PASSES, cyclingPasses, evolutionReport, type KnownComplexities, type RunReports } from '../../analysis/runReport';
import { initParsers } from '../../analysis/treeSitter';
import type { AnalysisProgram } from '../../contracts/analysisTypes';
import { putAnalysis } from '../../db/analyses';
import { pool, prisma } from '../../db/client';
import type { ProgressRecorder } from '../../db/analysesProgress';
import { complexityCacheKey, lookupComplexities, measureMissing, type CacheLookup, type ComplexitySource, type ComplexityStats } from '../../db/complexityCache';
import { refreshGraphCache } from '../../db/graph';

const PAGE = 5000;

export interface LoadedRun {
  programs: AnalysisProgram[];
  /** Effective iteration (programs.iteration) by external id, for "over iterations" charts. */
  effective: Map<string, number>;
  /** sha256 of each program's source (its blob), by external id. */
  codeSha: Map<string, string>;
  higherIsBetter: boolean;
}

/** The run's programs as the analyses see them, in seq order (null when the run does not exist). */
export async function loadAnalysisPrograms(runId: string): Promise<LoadedRun | null> {
  const run = await prisma().run.findUnique({ where: { id: runId }, select: { higherIsBetter: true, language: true } });
  if (!run) return null;
  const programs: AnalysisProgram[] = [];
  const effective = new Map<string, number>();
  const codeSha = new Map<string, string>();
  for (let from = 0; ; ) {
    const { rows } = await pool().query<{
      external_id: string; raw_iteration: number | null; iteration: number | null; timestamp: number | null; seq: number;
      code: string; code_sha: string; valid: boolean; score: number | null; language: string | null; metrics: Record<string, unknown> | null; parents: string[];
    }>(
      `SELECT p.external_id, p.raw_iteration, p.iteration, p.timestamp, p.seq, b.content AS code, p.code_sha, p.valid, p.score, p.language,
              p.metrics, COALESCE((SELECT array_agg(e.parent_external_id ORDER BY e.ordinal) FROM edges e WHERE e.child_id = p.id), '{}') AS parents
       FROM programs p JOIN blobs b ON b.sha256 = p.code_sha
       WHERE p.run_id = $1 AND p.seq >= $2 ORDER BY p.seq LIMIT $3`,
      [runId, from, PAGE],
    );
    for (const r of rows) {
      programs.push({
        id: r.external_id,
        parentIds: r.parents,
        // Programs stored before raw_iteration existed carry only the effective one.
        iteration: r.raw_iteration ?? r.iteration,
        timestamp: r.timestamp,
        seq: r.seq,
        code: r.code,
        valid: r.valid,
        score: r.score,
        language: r.language ?? run.language,
        rawScore: evoreplayRawScore(r.metrics ?? undefined),
      });
      effective.set(r.external_id, r.iteration ?? 0);
      codeSha.set(r.external_id, r.code_sha);
    }
    if (rows.length < PAGE) break;
    from = rows[rows.length - 1].seq + 1;
  }
  return { programs, effective, codeSha, higherIsBetter: run.higherIsBetter };
}

/** Complexity of the run's sources: from the content-hash cache, the rest on worker threads. */
export async function runComplexities(loaded: LoadedRun, opts: PoolOptions = {}) {
  const lookup = await lookupComplexities(complexitySources(loaded));
  const stats = await measureMissing(lookup, opts);
  return { known: knownComplexities(loaded, lookup.byKey), stats };
}

function complexitySources(loaded: LoadedRun): ComplexitySource[] {
  return loaded.programs.map((p) => {
    const parent = p.parentIds.find((id) => loaded.codeSha.has(id));
    return { sha: loaded.codeSha.get(p.id)!, code: p.code, language: p.language, parentSha: parent ? loaded.codeSha.get(parent) : null };
  });
}

function knownComplexities(loaded: LoadedRun, cache: Map<string, Complexity>): KnownComplexities {
  return { cache, keyOf: (p) => complexityCacheKey(loaded.codeSha.get(p.id)!, p.language) };
}

export interface ComputeOptions {
  /** Log lines, one per step. */
  onStep?: (step: string) => void;
  /** Where the job's progress goes (the worker stores it for the run's pages). */
  progress?: ProgressRecorder;
  /** Complexity threads (default: one per core). */
  pool?: PoolOptions;
  /** The job is cancelled (worker shutting down): the complexity threads stop, the job rejects. */
  signal?: AbortSignal;
}

/** Lets queued events in (worker-thread results, progress writes) between synchronous passes. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What a finished job did: the complexity cache's figures, and wall time per step (ms). */
export interface RunAnalysesSummary {
  complexity: ComplexityStats;
  /**
   * Wall time of each step on this thread; `complexityWait` and `duplicatesWait` are what was
   * left to wait for once cycling and storing were done (0: they finished meanwhile). `cpu` is
   * the process's CPU time over the job, worker threads included.
   */
  ms: Record<'loading' | 'cycling' | 'storing' | 'graph' | 'complexityWait' | 'evolution' | 'duplicatesWait' | 'total' | 'cpu', number>;
}

/**
 * Computes and stores every report of the run; false when the run does not exist. The steps run
 * side by side where independent: complexity on worker threads (batches queued ahead, so they
 * work on while this thread is busy), duplicates on the database, and meanwhile cycling and lineage on this thread, stored (and the
 * lineage graph refreshed) as soon as they are done; the evolution report waits for complexity.
 * The stored reports are exactly buildRunReports' (tests/db/runAnalysesSplit.test.ts).
 */
export async function computeRunAnalyses(runId: string, options: ComputeOptions | ((step: string) => void) = {}): Promise<RunAnalysesSummary | false> {
  const opts = typeof options === 'function' ? { onStep: options } : options;
  const progress = opts.progress;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let t = t0;
  const ms = {} as RunAnalysesSummary['ms'];
  const lap = (k: keyof RunAnalysesSummary['ms']) => {
    const now = performance.now();
    ms[k] = Math.round(now - t);
    t = now;
  };
  const step = (s: string) => opts.onStep?.(s);

  progress?.start('loading');
  step('loading programs');
  const loaded = await loadAnalysisPrograms(runId);
  if (!loaded) return false;
  progress?.finish('loading');
  await initParsers();

  // Duplicates read their own columns; they only share the database with the rest.
  progress?.start('duplicates');
  const duplicates = computeRunDuplicates(runId).then(() => progress?.finish('duplicates'));
  duplicates.catch(() => {}); // awaited below; not an unhandled rejection meanwhile

  const lookup = await lookupComplexities(complexitySources(loaded));
  const cached = lookup.sources - lookup.missing.length;
  progress?.start('complexity', lookup.sources);
  progress?.advance('complexity', cached);
  step(`complexity: ${lookup.sources} distinct sources, ${cached} cached`);
  // Whatever fails from here on (a step, or the caller cancelling) stops the complexity threads:
  // they would otherwise measure on for a job that is over, holding both cores.
  const stop = new AbortController();
  const cancel = () => stop.abort(opts.signal?.reason ?? new Error('run-analyses cancelled'));
  if (opts.signal?.aborted) cancel();
  opts.signal?.addEventListener('abort', cancel, { once: true });
  const complexity = measureMissing(lookup, {
    ...opts.pool,
    signal: stop.signal,
    onProgress: (measured) => progress?.advance('complexity', cached + measured),
  });
  complexity.catch(() => {});
  try {
    lap('loading');
    return await afterComplexityStarted(runId, loaded, lookup, complexity, duplicates, { progress, step, lap, ms, t0, cpu0, signal: stop.signal });
  } catch (e) {
    stop.abort(e);
    throw e;
  } finally {
    opts.signal?.removeEventListener('abort', cancel);
  }
}

interface JobState {
  progress: ProgressRecorder | undefined;
  step: (s: string) => void;
  lap: (k: keyof RunAnalysesSummary['ms']) => void;
  ms: RunAnalysesSummary['ms'];
  t0: number;
  cpu0: NodeJS.CpuUsage;
  /** Aborts when the job is cancelled: checked between cycling passes. */
  signal: AbortSignal;
}

/** The steps on this thread while complexity is measured on the pool's: cycling, storing, the evolution report. */
async function afterComplexityStarted(
  runId: string,
  loaded: LoadedRun,
  lookup: CacheLookup,
  complexity: Promise<ComplexityStats>,
  duplicates: Promise<void>,
  { progress, step, lap, ms, t0, cpu0, signal }: JobState,
): Promise<RunAnalysesSummary> {
  progress?.start('cycling', CYCLING_PASSES);
  const passes = cyclingPasses(loaded.programs, loaded.higherIsBetter);
  let next = passes.next();
  for (let done = 0; !next.done; next = passes.next()) {
    step(next.value);
    progress?.advance('cycling', done++);
    await breathe();
    signal.throwIfAborted();
  }
  progress?.finish('cycling');
  const { cycling, lineage } = next.value;
  lap('cycling');

  progress?.start('storing');
  step('storing');
  await storeCyclingReports(runId, cycling);
  await putAnalysis(runId, ANALYSIS.lineage, '', lineage, REPORT_VERSION);
  progress?.finish('storing');
  lap('storing');
  progress?.start('graph');
  step('graph');
  await refreshGraphCache(runId);
  progress?.finish('graph');
  lap('graph');

  const stats = await complexity;
  step(complexityStep(stats));
  lap('complexityWait');
  const evolution = evolutionReport(loaded.programs, (p) => loaded.effective.get(p.id) ?? 0, lineage, knownComplexities(loaded, lookup.byKey));
  await putAnalysis(runId, ANALYSIS.evolution, '', evolution, REPORT_VERSION);
  progress?.finish('complexity'); // its report (evolution) stored
  lap('evolution');
  step('duplicates');
  await duplicates;
  lap('duplicatesWait');
  ms.total = Math.round(performance.now() - t0);
  const cpu = process.cpuUsage(cpu0);
  ms.cpu = Math.round((cpu.user + cpu.system) / 1000);
  return { complexity: stats, ms };
}

async function storeCyclingReports(runId: string, cycling: RunReports['cycling']) {
  for (const c of cycling) {
    const params = cyclingParams(c.definitions, c.scope);
    await putAnalysis(runId, ANALYSIS.cycling, params, c.report, REPORT_VERSION);
    await putAnalysis(runId, ANALYSIS.cyclingMarks, params, c.marks, REPORT_VERSION);
  }
}

function complexityStep(s: ComplexityStats) {
  return `complexity: ${s.sources} distinct sources, ${s.cached} cached, ${s.computed} measured (${s.incremental} incrementally; ${s.threads ? `${s.threads} worker threads` : 'this thread'})`;
}
