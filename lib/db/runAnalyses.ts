// Computes and stores every analysis report of a run (worker task run-analyses; also the CLI's
// `analyze <runId>`). Programs are read page by page in canonical order; the reports are built
// by the pure functions in lib/analysis and upserted into `analyses`.
import { computeRunDuplicates } from './duplicates';
import { evoreplayRawScore } from '../analysis/fromTrace';
import { ANALYSIS, cyclingParams, REPORT_VERSION } from '../analysis/reportTypes';
import { buildRunReports, type RunReports } from '../analysis/runReport';
import { initParsers } from '../analysis/treeSitter';
import type { AnalysisProgram } from '../analysis/types';
import { putAnalysis } from './analyses';
import { pool, prisma } from './client';
import { cachedComplexities, complexityCacheKey, type ComplexityStats } from './complexityCache';
import { refreshGraphCache } from './graph';

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

export async function storeRunReports(runId: string, reports: RunReports) {
  for (const c of reports.cycling) {
    const params = cyclingParams(c.definitions, c.scope);
    await putAnalysis(runId, ANALYSIS.cycling, params, c.report, REPORT_VERSION);
    await putAnalysis(runId, ANALYSIS.cyclingMarks, params, c.marks, REPORT_VERSION);
  }
  await putAnalysis(runId, ANALYSIS.lineage, '', reports.lineage, REPORT_VERSION);
  await putAnalysis(runId, ANALYSIS.evolution, '', reports.evolution, REPORT_VERSION);
}

/** Complexity of the run's sources: from the content-hash cache, the rest on worker threads. */
export async function runComplexities(loaded: LoadedRun) {
  const shaOf = (p: AnalysisProgram) => loaded.codeSha.get(p.id)!;
  const { byKey, stats } = await cachedComplexities(loaded.programs.map((p) => ({ sha: shaOf(p), code: p.code, language: p.language })));
  return { known: { cache: byKey, keyOf: (p: AnalysisProgram) => complexityCacheKey(shaOf(p), p.language) }, stats };
}

/** Computes and stores every report of the run; false when the run does not exist. */
export async function computeRunAnalyses(runId: string, onStep?: (step: string) => void): Promise<boolean> {
  onStep?.('loading programs');
  const loaded = await loadAnalysisPrograms(runId);
  if (!loaded) return false;
  await initParsers();
  onStep?.('complexity');
  const complexity = await runComplexities(loaded);
  onStep?.(complexityStep(complexity.stats));
  const reports = buildRunReports(loaded.programs, {
    higherIsBetter: loaded.higherIsBetter,
    effectiveIteration: (p) => loaded.effective.get(p.id) ?? 0,
    onStep,
    complexity: complexity.known,
  });
  onStep?.('storing');
  await storeRunReports(runId, reports);
  onStep?.('duplicates');
  await computeRunDuplicates(runId);
  onStep?.('graph');
  await refreshGraphCache(runId);
  return true;
}

function complexityStep(s: ComplexityStats) {
  return `complexity: ${s.sources} distinct sources, ${s.cached} cached, ${s.computed} measured (${s.threads ? `${s.threads} worker threads` : 'this thread'})`;
}
